/**
 * Renderer. Small formatters shared by every screen: times, ages, sizes, durations, speeds, all in
 * the user's locale (lib/i18n.ts: the app's language, in the system's region when it matches).
 */
import { formatBytes as formatBytesIn } from '../../../src-shared/units.ts';
import { ENUM_WORDS } from './enum-words.ts';
import { formatLocale, t } from './i18n.ts';

interface Formats {
  locale: string;
  time: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
}
let formats: Formats | null = null;

/** Built once per locale: a language change makes new ones. */
function current(): Formats {
  const locale = formatLocale();
  if (formats?.locale !== locale) {
    formats = {
      locale,
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
      number: new Intl.NumberFormat(locale),
    };
  }
  return formats;
}

export function formatNumber(value: number): string {
  return current().number.format(value);
}

export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** "10:42" today, "12 Mar 2026, 10:42" otherwise. */
export function formatClock(iso: string | null | undefined, now: number): string {
  const ms = parseTime(iso);
  if (ms === null) return '—';
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return sameDay ? current().time.format(ms) : current().dateTime.format(ms);
}

export function formatDateTime(iso: string | null | undefined): string {
  const ms = parseTime(iso);
  return ms === null ? '—' : current().dateTime.format(ms);
}

/** A `YYYY-MM-DD` date shown as a calendar date (no time zone shift). */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return current().date.format(new Date(y, m - 1, d));
}

/** "just now", "3 min ago", "2 h ago", "yesterday", "4 days ago". */
export function formatAge(iso: string | null | undefined, now: number): string {
  const ms = parseTime(iso);
  if (ms === null) return t({ id: 'age.never', defaultMessage: 'never' });
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 45) return t({ id: 'age.justNow', defaultMessage: 'just now' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t({ id: 'age.minutes', defaultMessage: '{minutes} min ago' }, { minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t({ id: 'age.hours', defaultMessage: '{hours} h ago' }, { hours });
  const days = Math.round(hours / 24);
  return t({ id: 'age.days', defaultMessage: '{days, plural, one {yesterday} other {# days ago}}' }, { days });
}

/** 1536 → "1.5 KiB": the one unit system of screens, CLI and diagnostics report (src-shared/units.ts). */
export function formatBytes(bytes: number): string {
  return formatBytesIn(bytes, formatLocale());
}

export function formatSpeed(bytesPerSecond: number): string {
  if (!bytesPerSecond || bytesPerSecond <= 0) return '—';
  return t({ id: 'units.perSecond', defaultMessage: '{size}/s' }, { size: formatBytes(bytesPerSecond) });
}

/** Seconds → "1 h 05 min", "4 min 10 s", "12 s". */
export function formatSeconds(total: number | null | undefined): string {
  if (total === null || total === undefined || !Number.isFinite(total) || total < 0) return '—';
  const s = Math.round(total);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0)
    return t({ id: 'duration.hoursMinutes', defaultMessage: '{h} h {m} min' }, { h, m: String(m).padStart(2, '0') });
  if (m > 0 && sec) return t({ id: 'duration.minutesSeconds', defaultMessage: '{m} min {sec} s' }, { m, sec });
  if (m > 0) return t({ id: 'duration.minutes', defaultMessage: '{m} min' }, { m });
  return t({ id: 'duration.seconds', defaultMessage: '{sec} s' }, { sec });
}

/** Hours and minutes as the assessment shows them: "1 h 30 min", "45 min", "no limit set". */
export function formatHoursMinutes(hours: number | undefined, minutes: number | undefined): string {
  if (hours === undefined && minutes === undefined) return '—'; // the server left both out
  if (!hours && !minutes) return t({ id: 'duration.notSet', defaultMessage: 'not set' });
  if (hours && minutes)
    return t({ id: 'duration.hoursMinutes', defaultMessage: '{h} h {m} min' }, { h: hours, m: minutes });
  if (hours) return t({ id: 'duration.hours', defaultMessage: '{h} h' }, { h: hours });
  return t({ id: 'duration.minutes', defaultMessage: '{m} min' }, { m: minutes });
}

/** ENUM_VALUE → "Enum value": in the app's language for a value it knows (lib/enum-words.ts). */
export function humanize(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const known = Object.hasOwn(ENUM_WORDS, value) ? ENUM_WORDS[value] : undefined;
  if (known) return t(known);
  const words = value.replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value the server may leave out: "—" when absent, never a blank. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'number' ? formatNumber(value) : value;
}

/** A value of a full enum: a known one humanized, one the app does not know shown as it came. */
export function enumLabel(value: string | null | undefined, known: readonly string[]): string {
  if (value === null || value === undefined || value === '') return '—';
  return known.includes(value) ? humanize(value) : value;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** "lesson-01_intro.mp4" → "Lesson 01 intro". */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .replace(/-+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const title = base || name;
  return (title.charAt(0).toUpperCase() + title.slice(1)).slice(0, 255);
}

/** The reference types `instructors` as a string; servers put names or a JSON list of people in it. */
export function instructorNames(value: string): string {
  const text = value.trim();
  if (!text.startsWith('[')) return text;
  try {
    const people = JSON.parse(text) as unknown;
    if (!Array.isArray(people)) return text;
    const names = people
      .map((p: unknown) => {
        if (typeof p === 'string') return p;
        const person = p as { full_name?: unknown; name?: unknown; email?: unknown } | null;
        const name = person?.full_name ?? person?.name ?? person?.email;
        return typeof name === 'string' ? name : null;
      })
      .filter((n): n is string => Boolean(n));
    return names.join(', ');
  } catch {
    return text;
  }
}
