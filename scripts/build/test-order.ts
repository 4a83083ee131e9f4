/**
 * vitest's file order (Node 24, loaded by vitest.config.ts). vitest starts the files that took
 * longest in the last run on this machine first; without that record (a clean clone, as in CI) it
 * starts the largest files first. The longest files are among the smallest: five-line wrappers
 * over a shared harness (the 100 seeded SIGKILLs, the crash runs) and a few short files that wait
 * on real timers. Started last, they ran alone at the end of a clean run on cores that had nothing
 * else left to do. Here they start first whenever there is no record for them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The small files among those measured at 10–50 s each on 2 cores, longest first (the large ones
 * of that kind, such as push.sandbox and sync/crash, start early by their size already). */
export const LONGEST_FILES: readonly RegExp[] = [
  /src-main\/uploads\/kill-points-\d+\.test\.ts$/,
  /src-main\/uploads\/cli-outage\.test\.ts$/,
  /src-main\/uploads\/crash-\d+\.test\.ts$/,
  /src-main\/uploads\/machine-clock-jump\.test\.ts$/,
  /src-main\/uploads\/cli-processing\.test\.ts$/,
];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.split('\\').join('/');
  const index = LONGEST_FILES.findIndex((pattern) => pattern.test(path));
  return index === -1 ? LONGEST_FILES.length : index;
}

/**
 * Moves the files of LONGEST_FILES without a recorded duration to the front of their project's
 * files (vitest keeps a project's files together), in the list's order; the rest keep vitest's.
 */
export function longestKnownFirst(
  sorted: readonly TestSpecification[],
  recorded: (spec: TestSpecification) => boolean,
): TestSpecification[] {
  const out: TestSpecification[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end < sorted.length && sorted[end]!.project.name === sorted[start]!.project.name) end++;
    const run = sorted.slice(start, end);
    const hoisted = run
      .filter((spec) => !recorded(spec) && rank(spec) < LONGEST_FILES.length)
      .sort((a, b) => rank(a) - rank(b));
    out.push(...hoisted, ...run.filter((spec) => !hoisted.includes(spec)));
    start = end;
  }
  return out;
}

export class LongestKnownFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return longestKnownFirst(sorted, (spec) => this.ctx.cache.getTestSpecificationResult(spec) !== undefined);
  }
}
