// experiment: CPU of `lectern upload` of one 4 MiB video, N rounds, against a sandbox process.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startSandboxProcess, stopSandboxProcess, timedCommand } from './sandbox-process.ts';
import { writeSmallVideos } from './link-jobs.ts';
const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'exp-'));
const [file] = writeSmallVideos(join(dir, 'v'), 1, 4 * MiB);
const sb = await startSandboxProcess(8 * MiB, join(dir, 'sb'));
const sec = (await sb.client.courses.list({})).results[0]!;
const sections = await sb.client.sections.list(sec.id, {});
const target = `${sec.id}/${sections.results[0]!.id}`;
const clis = (process.env.CLIS ?? 'bin/lectern.js').split(',');
const rows: Record<string, number[]> = {};
for (let r = 0; r < Number(process.env.ROUNDS ?? 5); r++) {
  for (const cli of clis) {
    const res = await timedCommand([process.execPath, cli, 'upload', file!, '--section', target, '--allow-duplicates', '--base-url', sb.baseUrl],
      { ...process.env, ...(process.env.PROF ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof2 --cpu-prof-interval 200' } : {}), LECTERN_API_KEY: sb.apiKey, LECTERN_DATA_DIR: join(dir, `d-${r}-${clis.indexOf(cli)}`) });
    if (res.code !== 0) throw new Error(res.stderr);
    (rows[cli] ??= []).push(res.cpu);
  }
}
for (const [k, v] of Object.entries(rows)) console.log(k, v.map((x) => x.toFixed(2)).join(' '), 'median', [...v].sort()[v.length >> 1]!.toFixed(2));
await stopSandboxProcess(sb);
