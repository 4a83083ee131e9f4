// Build time (Node 24): `node scripts/parallel.ts typecheck lint:eslint lint:deps test:built` runs those npm
// scripts side by side and fails if any fails. The checkers are single-threaded for most of their run
// (tsc, eslint) and the tests wait on children and servers much of theirs, so on a two-core machine
// running them together takes about the longest one's time instead of their sum. Each script's
// output is printed as one block when it ends, with its time, so the log reads as if they had run
// one after another.
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number | null;
  seconds: number;
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d));
  child.stderr.on('data', (d: Buffer) => output.push(d));
  return new Promise((resolve) => {
    const end = (code: number | null) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(Buffer.concat(output));
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(`\n── npm run ${script}: ${verdict} in ${seconds.toFixed(1)} s\n\n`);
      resolve({ script, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    child.on('close', end);
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.ts SCRIPT [SCRIPT …] (npm script names)');
  process.exit(2);
}
const started = performance.now();
const outcomes = await Promise.all(scripts.map(runScript));
const failed = outcomes.filter((o) => o.code !== 0).map((o) => o.script);
const wall = ((performance.now() - started) / 1000).toFixed(1);
const sum = outcomes.reduce((total, o) => total + o.seconds, 0).toFixed(1);
console.log(`${scripts.join(' + ')}: ${wall} s side by side; each one's time added up: ${sum} s`);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
