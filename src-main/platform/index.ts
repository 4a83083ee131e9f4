/**
 * Main process / plain Node. Low-level helpers every part of main may use: the rotating log file,
 * the security headers and loopback checks, file handles (renderer code never sees a path), and
 * which compiler WebAssembly gets.
 */
export { createLogger, describeError, type Logger } from './log.ts';
export {
  CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  cacheControlFor,
  contentTypeFor,
  decodeUrlPath,
  isLoopbackHost,
} from './security.ts';
export {
  VIDEO_EXTENSIONS,
  createFileHandles,
  createQueuedFileDialog,
  type FileDialog,
  type FileHandles,
  type QueuedFileDialog,
} from './file-handles.ts';
export { createFolderHandles, type FolderHandles } from './folder-handles.ts';
export { createFolderBrowser, FolderBrowseError, type FolderBrowser } from './folder-browser.ts';
export {
  DatabaseBusyError,
  DiskFullError,
  freeBytes,
  isDatabaseBusy,
  isDiskFull,
  localFaultOf,
} from './local-faults.ts';
export { openPickedFile, PickedFileError } from './picked-file.ts';
export { createScratchBuffers, fileReadBuffers, type ScratchBuffers } from './scratch-buffers.ts';
export {
  adoptWasmTierState,
  compileHttpParserOnBaselineTier,
  keepWebAssemblyOnBaselineTier,
  wasmTierState,
} from './wasm-tiers.ts';
