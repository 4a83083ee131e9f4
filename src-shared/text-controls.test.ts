// Tests (shared, pure): what of a name from someone else's folder reaches a title, and a terminal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControls, withoutControls } from './text-controls.ts';

// eslint-disable-next-line no-control-regex
const RUNNABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

describe('withoutControls', () => {
  it('removes controls and bidi overrides, turns line breaks and tabs into spaces, keeps the rest', () => {
    expect(withoutControls('a\u001b[2K\u001b[1Ab')).toBe('a[2K[1Ab');
    expect(withoutControls('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(withoutControls('one\ntwo\tthree\r\nfour')).toBe('one two three  four');
    expect(withoutControls('C1\u009b\u0085 end')).toBe('C1 end');
    expect(withoutControls('שלום\u200F עולם – Grüße 日本')).toBe('שלום\u200F עולם – Grüße 日本');
  });
});

describe('escapeControls', () => {
  it('shows each control as its escape: a name cannot move the cursor or erase a line', () => {
    expect(escapeControls('02 \u001b[2K\u001b[1ANotes.md')).toBe('02 \\x1B[2K\\x1B[1ANotes.md');
    expect(escapeControls('x\u009b31m\u0007\u007f')).toBe('x\\x9B31m\\x07\\x7F');
    expect(escapeControls('invoice\u202Efdp.exe \u2066y\u2069')).toBe('invoice\\u202Efdp.exe \\u2066y\\u2069');
    expect(escapeControls('a\nb\tc\rd')).toBe('a\\x0Ab\\x09c\\x0Dd');
    expect(escapeControls('a\nb\tc\rd', true)).toBe('a\nb\tc\\x0Dd');
  });

  it('leaves nothing a terminal would run, and leaves ordinary text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        expect(escapeControls(text)).not.toMatch(RUNNABLE);
        if (!RUNNABLE.test(text)) expect(escapeControls(text)).toBe(text);
      }),
    );
  });
});
