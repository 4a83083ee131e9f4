// Tests (plain Node): `lectern` as a child process against a sandbox answering like a drifting
// real server (`drift`: course level "expert", lessons without video fields, an assignment's
// submission_date null). Tolerated: exit 0 and one warning per new deviation naming its JSON
// path; `--strict`: the contract error, exit 5. Diagnostics never show the key or a piece of it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import { makeFile } from '../uploads/test-support/index.ts';
import { runLectern, stderrJson } from './test-support/index.ts';
import type { CliResult } from './test-support/index.ts';

const sb = useTestSandbox({ seed: 'demo', drift: true, partSize: 64 * 1024 });
const dir = suiteTempDir('lectern-drift-');
let section: string;
const outputs: CliResult[] = [];

beforeAll(async () => {
  const api = sb.client();
  const course = (await api.courses.list()).results[0]!;
  section = `${course.id}/${(await api.sections.list(course.id)).results[0]!.id}`;
});

afterAll(async () => {
  const all = outputs.map((o) => o.stdout + o.stderr).join('\n');
  for (const key of Object.values(sb.keys)) expect(all).not.toContain(key);
});

async function lectern(args: string[]): Promise<CliResult> {
  const r = await runLectern([...args, '--base-url', sb.baseUrl, '--data-dir', dir.path], {
    LECTERN_API_KEY: sb.keys.tenantAdmin,
  });
  outputs.push(r);
  return r;
}

const warnings = (r: CliResult) => r.stderr.split('\n').filter((line) => line.startsWith('lectern: warning:'));

describe('a server that drifts from the reference', () => {
  it('a deviating response: exit 0, the data, and one warning naming the JSON path', async () => {
    const r = await lectern(['courses', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const courses = JSON.parse(r.stdout) as { level: string }[];
    expect(courses.length).toBeGreaterThan(1);
    expect(courses.every((c) => c.level === 'expert')).toBe(true);
    // Every course deviates at the same path: one warning, not one per course.
    expect(warnings(r)).toEqual([expect.stringContaining('courses.list at data.results[*].level')]);
    expect(warnings(r)[0]).toContain('got string "expert"');
  });

  it('--strict: the same response is the contract error, exit 5', async () => {
    const r = await lectern(['courses', '--strict']);
    expect(r.code).toBe(5);
    expect(stderrJson(r)).toMatchObject({ kind: 'ContractError', jsonPath: 'data.results[0].level' });
    expect(warnings(r)).toEqual([]);
  });

  it('assignment create exits 0 when the server answers submission_date: null', async () => {
    const file = join(dir.path, 'assignment.json');
    await writeFile(file, JSON.stringify({ title: 'HW', description: 'Do it' }));
    const r = await lectern(['assignment', 'create', '--body-file', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^title\s+HW/m);
    expect(warnings(r).sort()).toEqual([
      expect.stringContaining('assignments.create at data.course.level'),
      expect.stringContaining('assignments.create at data.submission_date: expected string, got null'),
    ]);
  });

  it('upload reports a completed upload as done although its lesson lacks video_status', async () => {
    const file = join(dir.path, 'drift_video.mp4');
    await makeFile(file, 300_000, 7); // a real MP4 with more bytes after it, as the pre-flight wants
    const r = await lectern(['upload', file, '--section', section, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { uploads: Record<string, unknown>[] };
    expect(out.uploads[0]).toMatchObject({ status: 'done', lessonId: expect.any(String) });
    expect(warnings(r).some((w) => w.includes('lessons.create at data.video_status'))).toBe(true);
  });

  it('diagnostics: server, probe and deviations, never the key or any 8-character piece of it', async () => {
    const r = await lectern(['diagnostics']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`server ${sb.baseUrl}`);
    expect(r.stdout).toMatch(/GET \/v1\/external\/learning\/categories\s+200/);
    expect(r.stdout).toContain('Contract deviations (0)');
    const key = sb.keys.tenantAdmin;
    for (let i = 0; i + 8 <= key.length; i++) expect(r.stdout + r.stderr).not.toContain(key.slice(i, i + 8));
  });
});
