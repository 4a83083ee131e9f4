// Shared, pure. Characters in names from someone else's folder that must not reach a title or a
// screen as they are: C0/C1 controls (a terminal runs `ESC[1A ESC[2K` as "erase the line above")
// and the bidirectional embeddings, overrides and isolates (U+202E shows "txt.exe" as "exe.txt").

// Direction marks (LRM, RLM, ALM) stay: real right-to-left titles use them, and they reorder nothing
// beyond their own neighbours.
/* eslint-disable no-control-regex -- matching control characters is the point here */
/** C0, DEL, C1, bidi embeddings/overrides/isolates, line and paragraph separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const SPACES = /[\t\n\v\f\r\u2028\u2029]/gu;
/* eslint-enable no-control-regex */

/** A title's text: line breaks and tabs become spaces, other controls and bidi overrides are removed. */
export function withoutControls(text: string): string {
  return text.replace(SPACES, ' ').replace(UNSAFE, '');
}

/**
 * Text for a screen that obeys controls (a terminal): each unsafe character shown as its escape
 * (`\x1B`, `\u202E`). `keepLines`: a line break and a tab stay (text written as several lines).
 */
export function escapeControls(text: string, keepLines = false): string {
  return text.replace(UNSAFE, (c) => {
    if (keepLines && (c === '\n' || c === '\t')) return c;
    const code = c.codePointAt(0)!;
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase()}`;
  });
}
