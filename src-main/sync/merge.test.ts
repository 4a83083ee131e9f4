// Main process / plain Node tests. The pure three-way merge, one case per rule.
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  conflictsBetween,
  deepEqual,
  mergeForPatch,
  resolveConflicts,
  sameTimestamp,
  UnresolvedConflictError,
} from './merge.ts';

const base = {
  title: 'Midterm',
  description: 'Chapters 1-3',
  duration_hours: 1,
  status: 'DRAFT',
  questions: [{ q: 1 }],
};
const T0 = '2026-05-01T09:00:00Z';
const T1 = '2026-05-01T10:00:00Z';

describe('deepEqual / changedFields', () => {
  it('compares JSON values structurally', () => {
    expect(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual({ a: [] }, { a: {} })).toBe(false);
  });

  it('keeps only values that differ from the base', () => {
    expect(changedFields(base, { title: 'Midterm', duration_hours: 2, questions: [{ q: 1 }] })).toEqual({
      duration_hours: 2,
    });
  });
});

describe('sameTimestamp', () => {
  it('treats equal instants in different spellings as the same, microseconds included', () => {
    expect(sameTimestamp('2026-05-01T09:00:00Z', '2026-05-01T09:00:00.000+00:00')).toBe(true);
    expect(sameTimestamp('2026-05-01T09:00:00.123456Z', '2026-05-01T09:00:00.123457Z')).toBe(false);
    expect(sameTimestamp(null, T0)).toBe(false);
  });
});

describe('mergeForPatch', () => {
  it('server unchanged: sends exactly the user changes', () => {
    const m = mergeForPatch({
      base,
      baseUpdatedAt: T0,
      mine: { title: 'Final', status: 'DRAFT' },
      theirs: base,
      theirsUpdatedAt: T0,
    });
    expect(m).toMatchObject({ serverChanged: false, patch: { title: 'Final' }, conflicts: [] });
  });

  it('server changed a field the user did not touch: it takes the server value, user fields are sent', () => {
    const theirs = { ...base, description: 'Chapters 1-4' };
    const m = mergeForPatch({ base, baseUpdatedAt: T0, mine: { title: 'Final' }, theirs, theirsUpdatedAt: T1 });
    expect(m.serverChanged).toBe(true);
    expect(m.patch).toEqual({ title: 'Final' });
    expect(m.conflicts).toEqual([]);
    expect(m.newBase.description).toBe('Chapters 1-4');
    expect({ ...m.newBase, ...m.patch }).toMatchObject({ title: 'Final', description: 'Chapters 1-4' });
  });

  it('both changed the same field to the same value: no conflict, nothing to send for it', () => {
    const theirs = { ...base, title: 'Final' };
    const m = mergeForPatch({
      base,
      baseUpdatedAt: T0,
      mine: { title: 'Final', duration_hours: 3 },
      theirs,
      theirsUpdatedAt: T1,
    });
    expect(m.patch).toEqual({ duration_hours: 3 });
    expect(m.conflicts).toEqual([]);
  });

  it('both changed the same field differently: a conflict with base, mine and theirs', () => {
    const theirs = { ...base, title: 'Exam (server)', status: 'PUBLISHED' };
    const m = mergeForPatch({
      base,
      baseUpdatedAt: T0,
      mine: { title: 'Exam (mine)', duration_hours: 2 },
      theirs,
      theirsUpdatedAt: T1,
    });
    expect(m.conflicts).toEqual([{ field: 'title', base: 'Midterm', mine: 'Exam (mine)', theirs: 'Exam (server)' }]);
    expect(m.patch).toEqual({ duration_hours: 2 });
  });

  it('conflicts on nested values (arrays) too', () => {
    const theirs = { ...base, questions: [{ q: 2 }] };
    const m = mergeForPatch({ base, baseUpdatedAt: T0, mine: { questions: [{ q: 3 }] }, theirs, theirsUpdatedAt: T1 });
    expect(m.conflicts.map((c) => c.field)).toEqual(['questions']);
  });

  it('a user edit back to the base value is not a change', () => {
    const theirs = { ...base, title: 'Other' };
    const m = mergeForPatch({ base, baseUpdatedAt: T0, mine: { title: 'Midterm' }, theirs, theirsUpdatedAt: T1 });
    expect(m).toMatchObject({ patch: {}, conflicts: [] });
  });
});

describe('resolveConflicts', () => {
  const theirs = { ...base, title: 'Server title', description: 'Server description', status: 'PUBLISHED' };
  const mine = { title: 'My title', description: 'My description', duration_hours: 4 };

  it('requires a choice for every conflicting field', () => {
    expect(() => resolveConflicts({ base, mine, theirs }, { title: 'mine' })).toThrow(UnresolvedConflictError);
  });

  it('mine keeps the user value, theirs drops it; user-only fields stay', () => {
    const next = resolveConflicts({ base, mine, theirs }, { title: 'mine', description: 'theirs' });
    expect(next).toEqual({ title: 'My title', duration_hours: 4 });
  });

  it('recomputes conflicts from the draft as it is now', () => {
    // The user typed the server's value meanwhile: no longer a conflict, no choice needed.
    const now = { ...mine, description: 'Server description' };
    expect(conflictsBetween(base, now, theirs).map((c) => c.field)).toEqual(['title']);
    expect(resolveConflicts({ base, mine: now, theirs }, { title: 'theirs' })).toEqual({ duration_hours: 4 });
  });
});
