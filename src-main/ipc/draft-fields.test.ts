// Tests (plain Node): draft fields are bounded at the contract. A value nested 100,000 deep (or
// too big) is a clean INVALID_INPUT from the real dispatch, not a stack overflow somewhere later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir } from '../test-support/index.ts';
import { boundedJsonProblem, DRAFT_FIELD_LIMITS } from '../../src-shared/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices, type AppServices } from '../services/index.ts';
import { createAppDispatch } from './index.ts';
import type { Dispatch } from './dispatch.ts';

const APP = 'app://lectern';
const folder = suiteTempDir('lectern-fields-');
let services: AppServices;
let dispatch: Dispatch;
let dataDir: string;
const logged: unknown[] = [];

beforeAll(async () => {
  dataDir = folder.path;
  services = await createAppServices({
    dataDir,
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: false,
  });
  dispatch = createAppDispatch(services, () => [APP]);
  services.log.error = (...args: unknown[]) => void logged.push(args);
});
afterAll(async () => {
  await services.close();
});

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < depth; i++) value = { child: value };
  return value;
}

describe('draft fields at the contract', () => {
  it('a value nested 100,000 deep is a clean validation error, for drafts.save and drafts.create', async () => {
    const deep = nested(100_000);
    for (const [channel, input] of [
      ['drafts.save', { id: 'draft-1', changes: { title: 'x', body: deep } }],
      ['drafts.create', { resource: 'assessment', fields: { body: deep } }],
    ] as const) {
      const result = await dispatch(channel, input, { origin: APP });
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(JSON.stringify(result)).toContain(`nested deeper than ${DRAFT_FIELD_LIMITS.depth} levels`);
    }
    expect(logged).toEqual([]); // nothing went wrong inside: no stack in the log
  });

  it('too many values and over-long texts are refused too; ordinary nested fields pass the contract', async () => {
    const wide = { list: Array.from({ length: DRAFT_FIELD_LIMITS.nodes + 1 }, (_, i) => i) };
    expect(await dispatch('drafts.save', { id: 'd', changes: wide }, { origin: APP })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    const long = { text: 'x'.repeat(DRAFT_FIELD_LIMITS.stringLength + 1) };
    expect(boundedJsonProblem(long)).toMatch(/longer than/);
    const ordinary = { title: 'Quiz', locations: ['a', 'b'], settings: { proctoring: { camera: false } } };
    expect(boundedJsonProblem(ordinary)).toBeNull();
    expect(boundedJsonProblem(nested(DRAFT_FIELD_LIMITS.depth - 1))).toBeNull();
    // Past the contract: the handler answers (no workspace here), not INVALID_INPUT.
    const passed = await dispatch('drafts.save', { id: 'd', changes: ordinary }, { origin: APP });
    expect(passed).toMatchObject({ ok: false });
    expect(passed.ok === false && passed.error.code).not.toBe('INVALID_INPUT');
  });
});
