import { describe, expect, it } from 'vitest';
import {
  enumLabel,
  formatAge,
  formatBytes,
  formatClock,
  formatDate,
  formatHoursMinutes,
  formatSeconds,
  formatSpeed,
  humanize,
  instructorNames,
  orDash,
  parseTime,
  plural,
  titleFromFileName,
} from './format.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('format', () => {
  it('says how old a copy is in words', () => {
    expect(formatAge('2026-05-01T11:59:30Z', NOW)).toBe('just now');
    expect(formatAge('2026-05-01T11:57:00Z', NOW)).toBe('3 min ago');
    expect(formatAge('2026-05-01T10:00:00Z', NOW)).toBe('2 h ago');
    expect(formatAge('2026-04-30T12:00:00Z', NOW)).toBe('yesterday');
    expect(formatAge('2026-04-27T12:00:00Z', NOW)).toBe('4 days ago');
    expect(formatAge(null, NOW)).toBe('never');
    expect(formatAge('not a date', NOW)).toBe('never');
  });

  it('shows sizes in binary units (IEC names) and refuses nonsense with a dash', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(48 * 1024 * 1024)).toBe('48.0 MiB');
    expect(formatBytes(250 * 1024 ** 3)).toBe('250 GiB');
    expect(formatBytes(-1)).toBe('—');
    expect(formatSpeed(0)).toBe('—');
    expect(formatSpeed(2 * 1024 * 1024)).toBe('2.0 MiB/s');
  });

  it('writes durations the way a person would', () => {
    expect(formatSeconds(12)).toBe('12 s');
    expect(formatSeconds(250)).toBe('4 min 10 s');
    expect(formatSeconds(3900)).toBe('1 h 05 min');
    expect(formatSeconds(null)).toBe('—');
    expect(formatSeconds(Number.NaN)).toBe('—');
  });

  it('keeps a calendar date on its day, whatever the time zone', () => {
    expect(formatDate('2026-03-12')).toContain('12');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('garbage')).toBe('garbage');
    expect(parseTime('2026-05-01T12:00:00Z')).toBe(NOW);
  });

  it('never leaves a blank where the server left a value out', () => {
    expect(orDash(null)).toBe('—');
    expect(orDash(undefined)).toBe('—');
    expect(orDash('')).toBe('—');
    expect(orDash('Room 4')).toBe('Room 4');
    expect(orDash(0)).toBe('0');
    expect(orDash(1234)).toBe((1234).toLocaleString());
  });

  it('humanizes enum values, and shows one the app does not know as it came', () => {
    expect(humanize('IN_PROGRESS')).toBe('In progress');
    expect(humanize('self-paced')).toBe('Self paced');
    expect(humanize('')).toBe('—');
    expect(humanize(null)).toBe('—');
    const known = ['DRAFT', 'PUBLISHED'] as const;
    expect(enumLabel('PUBLISHED', known)).toBe('Published');
    expect(enumLabel('ARCHIVED_BY_ADMIN', known)).toBe('ARCHIVED_BY_ADMIN');
    expect(enumLabel(undefined, known)).toBe('—');
  });

  it('counts things in words', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(2, 'person', 'people')).toBe('2 people');
    expect(plural(1200, 'lesson')).toBe(`${(1200).toLocaleString()} lessons`);
  });

  it('writes an assessment’s time limit, telling "not set" from "not sent"', () => {
    expect(formatHoursMinutes(1, 30)).toBe('1 h 30 min');
    expect(formatHoursMinutes(0, 45)).toBe('45 min');
    expect(formatHoursMinutes(2, 0)).toBe('2 h');
    expect(formatHoursMinutes(0, 0)).toBe('not set');
    expect(formatHoursMinutes(undefined, undefined)).toBe('—');
  });

  it('shows only the time for today, the date and time otherwise', () => {
    const today = formatClock('2026-05-01T12:00:00Z', NOW);
    expect(today).not.toBe('—');
    expect(today).not.toMatch(/2026/);
    expect(formatClock('2025-01-15T12:00:00Z', NOW)).toMatch(/2025/);
    expect(formatClock(null, NOW)).toBe('—');
  });

  it('makes a lesson title from a file name', () => {
    expect(titleFromFileName('lesson-01_intro.mp4')).toBe('Lesson 01 intro');
    expect(titleFromFileName('  spaced   out .mov')).toBe('Spaced out');
    expect(titleFromFileName('.mp4')).toBe('.mp4');
    expect(titleFromFileName(`${'a'.repeat(300)}.mp4`)).toHaveLength(255);
  });

  it('reads instructors as names or as a JSON list of people', () => {
    expect(instructorNames('Ada Lovelace')).toBe('Ada Lovelace');
    expect(instructorNames('[{"full_name":"Ada"},{"name":"Grace"},{"email":"c@x.org"},"Dan",{}]')).toBe(
      'Ada, Grace, c@x.org, Dan',
    );
    expect(instructorNames('[not json')).toBe('[not json');
  });
});
