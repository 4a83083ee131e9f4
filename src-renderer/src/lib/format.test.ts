import { describe, expect, it } from 'vitest';
import { formatAge, formatBytes, formatDate, formatSeconds, formatSpeed, parseTime } from './format.ts';

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

  it('shows sizes in decimal units and refuses nonsense with a dash', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(48_000_000)).toBe('48.0 MB');
    expect(formatBytes(250_000_000_000)).toBe('250 GB');
    expect(formatBytes(-1)).toBe('—');
    expect(formatSpeed(0)).toBe('—');
    expect(formatSpeed(2_000_000)).toBe('2.0 MB/s');
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
});
