// Tests (plain Node): the main log is rotated and capped, in a real folder.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createLogger } from './log.ts';

const logDir = (): string => tempDir('lectern-log-');

describe('main.log', () => {
  it('rotates at its size limit and keeps only the newest files: the folder never exceeds the cap', () => {
    const dir = logDir();
    const log = createLogger(dir, false, { maxBytes: 10_000, keep: 2 });
    const stack = 'at something (file.ts:1:1)\n'.repeat(30); // ~800 bytes, like the reported stack traces
    for (let i = 0; i < 500; i++) log.error('handler failed', { attempt: i, stack });
    expect(readdirSync(dir).sort()).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    const total = readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
    expect(total).toBeLessThanOrEqual(3 * 10_000);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(10_000);
    // The newest entry is in main.log, and every line is whole JSON.
    const lines = readFileSync(join(dir, 'main.log'), 'utf8').trim().split('\n');
    expect((JSON.parse(lines.at(-1)!) as { attempt: number }).attempt).toBe(499);
  });

  it('continues the size count of an existing log after a restart', () => {
    const dir = logDir();
    createLogger(dir, false, { maxBytes: 5_000, keep: 1 }).info('x'.repeat(4_000));
    createLogger(dir, false, { maxBytes: 5_000, keep: 1 }).info('y'.repeat(2_000));
    expect(readdirSync(dir).sort()).toEqual(['main.log', 'main.log.1']);
    expect(readFileSync(join(dir, 'main.log.1'), 'utf8')).toContain('xxxx');
  });

  it('cuts a single huge line instead of writing it whole', () => {
    const dir = logDir();
    createLogger(dir, false, { maxLineBytes: 2_000 }).error('big', { value: 'z'.repeat(100_000) });
    expect(statSync(join(dir, 'main.log')).size).toBeLessThan(2_100);
    expect(JSON.parse(readFileSync(join(dir, 'main.log'), 'utf8'))).toMatchObject({ message: 'big' });
  });
});
