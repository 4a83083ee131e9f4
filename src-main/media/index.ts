// Main process / plain Node. Media reading, below both the upload engine and the sandbox's video
// processing: what a file is by its bytes (signature), what a plain MP4 or MOV holds (read in main),
// and the parsers' thread (file-type, mediainfo.js) for everything else.

export {
  FormatReadError,
  MediaProbeError,
  checkVideoContainer,
  detectFormat,
  durationSecondsOf,
  mediaWarnings,
  prepareFileChecks,
  probeMedia,
  probeMediaChunks,
  type ContainerVerdict,
  type MediaFacts,
  type MediaWarning,
  type MediaWarningCode,
} from './media-probe.ts';
export type { ReadBytes } from './format-reader.ts';
