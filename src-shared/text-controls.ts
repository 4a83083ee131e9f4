// Shared, pure. Characters in names from someone else's folder that must not reach a title or a
// screen as they are: C0/C1 controls (a terminal runs `ESC[1A ESC[2K` as "erase the line above")
// and the bidirectional embeddings, overrides and isolates (U+202E shows "txt.exe" as "exe.txt").

/* eslint-disable no-control-regex -- matching control characters is the point here */
/** Removed from titles: C0, DEL, C1, bidi embedding/override/isolate, line and paragraph separators. */
const TITLE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
/** Escaped on a terminal: the same, and the invisible direction marks too (LRM, RLM, ALM). */
const SCREEN_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029\u200e\u200f\u061c]/gu;
const SPACES = /[\t\n\v\f\r\u2028\u2029]/gu;
/* eslint-enable no-control-regex */

/** A title's text: line breaks and tabs become spaces, other controls and bidi overrides are removed. */
export function withoutControls(text: string): string {
  return text.replace(SPACES, ' ').replace(TITLE_UNSAFE, '');
}

/** Text for a screen that interprets controls: each unsafe character shown as its escape (`\x1B`, `\u202E`). */
export function escapeControls(text: string): string {
  return text.replace(SCREEN_UNSAFE, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase()}`;
  });
}
