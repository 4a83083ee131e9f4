// Shared (every process; pure functions). Fast checks for the two string formats that appear
// dozens of times per list page: UUIDs and ISO 8601 date-times. Character loops instead of regular
// expressions, because validation of large pages is on the client's hot path (the bench compares
// it with raw requests); they accept exactly what zod's z.guid() and
// z.iso.datetime({ offset: true }) accept (see formats.test.ts).

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** 8-4-4-4-12 hexadecimal digits, any case, any version. */
export function isUuidText(s: string): boolean {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false;
    } else if (!isHex(c)) return false;
  }
  return true;
}

function num(s: string, from: number, len: number): number {
  let n = 0;
  for (let i = from; i < from + len; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return -1;
    n = n * 10 + (c - 48);
  }
  return n;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `YYYY-MM-DD`, a real calendar day. */
export function isDateText(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const y = num(s, 0, 4);
  const m = num(s, 5, 2);
  const d = num(s, 8, 2);
  return y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
}

/** `YYYY-MM-DDTHH:MM:SS[.fraction]` then `Z` or `±HH:MM` (RFC 3339, as z.iso.datetime({ offset: true })). */
export function isDateTimeText(s: string): boolean {
  if (s.length < 20 || !isDateText(s.slice(0, 10)) || s.charCodeAt(10) !== 84) return false;
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false;
  const h = num(s, 11, 2);
  const mi = num(s, 14, 2);
  const sec = num(s, 17, 2);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return false;
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  if (i === s.length - 1) return s.charCodeAt(i) === 90;
  if (i !== s.length - 6) return false;
  const sign = s.charCodeAt(i);
  if ((sign !== 43 && sign !== 45) || s.charCodeAt(i + 3) !== 58) return false;
  const oh = num(s, i + 1, 2);
  const om = num(s, i + 4, 2);
  return oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}
