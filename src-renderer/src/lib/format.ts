/** Renderer. Small formatters shared by every screen: times, ages, sizes, durations, speeds. */
import { formatBytes } from '../../../src-shared/units.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const numberFormat = new Intl.NumberFormat();

export function formatNumber(value: number): string {
  return numberFormat.format(value);
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
  return sameDay ? timeFormat.format(ms) : dateTimeFormat.format(ms);
}

export function formatDateTime(iso: string | null | undefined): string {
  const ms = parseTime(iso);
  return ms === null ? '—' : dateTimeFormat.format(ms);
}

/** A `YYYY-MM-DD` date shown as a calendar date (no time zone shift). */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return dateFormat.format(new Date(y, m - 1, d));
}

/** "just now", "3 min ago", "2 h ago", "yesterday", "4 days ago". */
export function formatAge(iso: string | null | undefined, now: number): string {
  const ms = parseTime(iso);
  if (ms === null) return 'never';
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** 1536 → "1.5 KiB": the one unit system of screens, CLI and diagnostics report (src-shared/units.ts). */
export { formatBytes };

export function formatSpeed(bytesPerSecond: number): string {
  if (!bytesPerSecond || bytesPerSecond <= 0) return '—';
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Seconds → "1 h 05 min", "4 min 10 s", "12 s". */
export function formatSeconds(total: number | null | undefined): string {
  if (total === null || total === undefined || !Number.isFinite(total) || total < 0) return '—';
  const s = Math.round(total);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min${sec ? ` ${sec} s` : ''}`;
  return `${sec} s`;
}

/** Hours and minutes as the assessment shows them: "1 h 30 min", "45 min", "no limit set". */
export function formatHoursMinutes(hours: number | undefined, minutes: number | undefined): string {
  if (hours === undefined && minutes === undefined) return '—'; // the server left both out
  if (!hours && !minutes) return 'not set';
  const parts = [];
  if (hours) parts.push(`${formatNumber(hours)} h`);
  if (minutes) parts.push(`${formatNumber(minutes)} min`);
  return parts.join(' ');
}

/** ENUM_VALUE → "Enum value". */
export function humanize(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
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
