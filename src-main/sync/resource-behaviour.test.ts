// Main process / plain Node tests. The per-resource table covers every kind, and agrees with what a
// draft of each kind may hold (resources.ts): what can be updated is sent with a read and a PATCH,
// what has no create is never created, a position is a field the draft may change.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { RESOURCE_KINDS } from '../../src-shared/states.ts';
import type { SyncApiClient } from './client.ts';
import { behaviourOf, RESOURCE_BEHAVIOUR, sendCall, type ResourceBehaviour } from './resource-behaviour.ts';
import { RESOURCES, type ResourceKind } from './resources.ts';

describe('RESOURCE_BEHAVIOUR', () => {
  it('has exactly one entry per resource kind', () => {
    expect(Object.keys(RESOURCE_BEHAVIOUR).sort()).toEqual([...RESOURCE_KINDS].sort());
    // And the compiler holds it to that: a kind without an entry (or an entry without a kind) fails here.
    expectTypeOf<keyof typeof RESOURCE_BEHAVIOUR>().toEqualTypeOf<ResourceKind>();
    expectTypeOf(RESOURCE_BEHAVIOUR).toExtend<Record<ResourceKind, ResourceBehaviour>>();
  });

  it.each(RESOURCE_KINDS)('%s: sends what its drafts can be, and nothing else', (kind) => {
    const spec = RESOURCES[kind];
    const { send, position } = behaviourOf(kind);
    expect(send.create !== undefined).toBe(spec.createFields.length > 0);
    expect(send.update !== undefined).toBe(spec.updateBody !== null);
    // A PATCH is merged against the server copy read just before it.
    if (send.update !== undefined) expect(typeof send.get).toBe('function');
    if (position !== null) expect(spec.updateFields).toContain(position);
  });

  it('refuses a call its kind is never sent with, in words, before any request', () => {
    const client = {} as SyncApiClient;
    const notEditable = expect.objectContaining({ code: 'NOT_EDITABLE' });
    expect(() => sendCall('assignment', 'update')(client, {}, 'x', {})).toThrow(notEditable);
    expect(() => sendCall('course', 'create')).toThrow(notEditable);
    expect(() => sendCall('assessment', 'delete')).toThrow(notEditable);
  });

  it('a lesson is sent only with its course and section', () => {
    const client = { lessons: { get: () => Promise.resolve({}) } } as unknown as SyncApiClient;
    expect(() => sendCall('lesson', 'get')(client, { courseId: 'c' }, 'l')).toThrow(
      expect.objectContaining({ code: 'DRAFT_PARENT_REQUIRED' }),
    );
  });
});
