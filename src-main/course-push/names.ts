// Main process / plain Node. How a folder's names become a course's order and titles: the natural
// order of names ("2 …" before "10 …") and a title without its leading number and extension.
import { withoutControls } from '../../src-shared/text-controls.ts';

const CHUNKS = /(\d+)|(\D+)/g;

/** Compares names as people sort them: runs of digits by value, the rest without case. */
export function naturalCompare(a: string, b: string): number {
  const left = a.normalize('NFC').match(CHUNKS) ?? [];
  const right = b.normalize('NFC').match(CHUNKS) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]!;
    const y = right[i]!;
    const xDigits = /^\d/.test(x);
    const yDigits = /^\d/.test(y);
    if (xDigits && yDigits) {
      const byValue = compareDigits(x, y);
      if (byValue !== 0) return byValue;
      continue;
    }
    const byText = x.localeCompare(y, 'en', { sensitivity: 'base' });
    if (byText !== 0) return byText;
  }
  if (left.length !== right.length) return left.length - right.length;
  // Equal to a person ("01" and "1", "A" and "a"): still one fixed order, so a plan never flickers.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Digit runs by value without Number's precision limit: "007" = "7" < "10". */
function compareDigits(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '');
  const b = y.replace(/^0+(?=\d)/, '');
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** A leading number and its separator: "01 - ", "1. ", "1_", "3 ", "2) ". */
const LEADING_NUMBER = /^\d+(?:\s*[-–—.)_:]+\s*|\s+)/;

export const MAX_TITLE = 255;

/**
 * The title a section or lesson takes from its folder or file name: without a leading number and
 * its separator, without the file's extension, and without control characters or bidi overrides
 * (a name from someone else's zip must not rewrite a terminal or turn text around on screen; tabs
 * and line breaks become spaces). Never empty (a name that is only a number keeps it, one that is
 * only controls is "Untitled") and at most 255 characters.
 */
export function titleFromName(name: string, isFile: boolean): string {
  const clean = withoutControls(name);
  const base = isFile ? withoutExtension(clean) : clean;
  const stripped = base.replace(LEADING_NUMBER, '').trim();
  const title = stripped || base.trim() || clean.trim() || 'Untitled';
  return [...title].slice(0, MAX_TITLE).join('');
}

export function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
