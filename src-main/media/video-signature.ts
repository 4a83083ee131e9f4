// Main process / plain Node. The one file signature main reads itself: an ISO base media file (MP4,
// MOV, M4V, 3GP) that starts with a small `ftyp` box naming a video brand, which is what nearly every
// camera, phone and editor writes. It reads a few bytes at fixed offsets, with no loop a file could
// make spin and no parser a file could crash, so it needs no thread of its own; a file it does not
// recognise goes to file-type on the parsers' thread as before (media-probe.ts). What it saves: the
// first file of a batch no longer waits for that thread to start before its upload can begin. Its answers are file-type's for the same bytes (checked against
// file-type in video-signature.test.ts).

/** What file-type answers for these bytes: extension and MIME type. */
export interface VideoSignature {
  ext: string;
  mime: string;
}

/** Major brands file-type reports as plain MP4 (its default for an `ftyp` box), kept to video ones. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1']);

/**
 * The video an `ftyp` box at the start says the bytes are, or null when they do not start with one
 * this recognises (audio and image brands among them): then file-type decides.
 */
export function videoBrandSignature(head: Uint8Array): VideoSignature | null {
  if (head.length < 16) return null;
  // The box's size, big-endian: a first box under 256 bytes, whole words (real ones are 20–40).
  // Its first three bytes zero also keeps clear of the signatures file-type tries before `ftyp`.
  const size = head[3]!;
  if (head[0] !== 0 || head[1] !== 0 || head[2] !== 0 || size < 16 || size % 4 !== 0) return null;
  if (latin1(head, 4, 8) !== 'ftyp') return null;
  // As file-type reads the major brand: Latin-1, a NUL read as a space, trimmed.
  const brand = latin1(head, 8, 12).replace('\0', ' ').trim();
  if (MP4_BRANDS.has(brand)) return { ext: 'mp4', mime: 'video/mp4' };
  if (brand === 'qt') return { ext: 'mov', mime: 'video/quicktime' };
  if (brand === 'M4V' || brand === 'M4VH' || brand === 'M4VP') return { ext: 'm4v', mime: 'video/x-m4v' };
  if (brand.startsWith('3g2')) return { ext: '3g2', mime: 'video/3gpp2' };
  if (brand.startsWith('3gp')) return { ext: '3gp', mime: 'video/3gpp' };
  return null;
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}
