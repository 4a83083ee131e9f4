// Shared tests. The request log as a person reads it: grouped by kind, newest first, short paths;
// sizes in one unit (binary, IEC names) for screen, CLI and report alike.
import { describe, expect, it } from 'vitest';
import { groupRequests, requestKindLabel, shortPath } from './request-groups.ts';
import { sayEnglish } from './test-support/say.ts';
import { formatBytes } from './units.ts';

const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const request = (operation: string, at: string, status: number | null = 200, path = `/v1/external/learning/x`) => ({
  at,
  operation,
  method: 'GET',
  path,
  status,
  durationMs: 12,
  attempt: 1,
  outcome: status === null ? 'network' : 'ok',
});

describe('request groups', () => {
  it('shortens a path: the API prefix dropped (behind a tenant path too), ids cut, the query dropped', () => {
    expect(shortPath(`/v1/external/learning/courses/${ID}/sections?page=2`)).toBe('courses/3fa8…/sections');
    expect(shortPath(`/tenant-a/v1/external/learning/uploads/${ID}/parts`)).toBe('uploads/3fa8…/parts');
    expect(shortPath('/v1/external/learning')).toBe('/');
    expect(shortPath('/health')).toBe('health');
  });

  it('groups by kind, newest first inside a group and among groups, counting failures', () => {
    const groups = groupRequests([
      request('courses.list', '2026-11-26T07:00:00Z'),
      request('sections.list', '2026-11-26T07:00:05Z', 500),
      request('courses.get', '2026-11-26T07:00:10Z', null),
      request('sections.update', '2026-11-26T07:00:02Z', 422),
      request('health', '2026-11-26T07:00:01Z'),
    ]);
    expect(groups.map((g) => [requestKindLabel(g.kind, sayEnglish), g.requests.length, g.failed])).toEqual([
      ['Courses', 2, 1],
      ['Sections', 2, 2],
      ['Other', 1, 0],
    ]);
    expect(groups[0]!.requests.map((r) => r.operation)).toEqual(['courses.get', 'courses.list']);
    expect(groups[0]!.lastAt).toBe('2026-11-26T07:00:10Z');
  });
});

describe('one unit for sizes', () => {
  it('decimal units, as file managers show them', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MiB');
    expect(formatBytes(123 * 1024 * 1024)).toBe('123 MiB');
    expect(formatBytes(-1)).toBe('—');
  });

  it('writes the number in the locale asked for each time, whichever came before', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KiB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KiB');
    expect(formatBytes(123 * 1024 * 1024, 'de')).toBe('123 MiB');
    expect(formatBytes(2.25 * 1024 * 1024, 'de')).toBe('2,3 MiB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KiB');
    expect(formatBytes(1000, 'en')).toBe('1000 B');
  });
});
