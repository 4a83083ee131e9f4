// Build time (Node 24). Runs dependency-cruiser with the project's one rule set
// (.dependency-cruiser.cjs) over some folders, and counts what it found by kind: import cycles,
// back-arrows (a lower floor importing a higher one) and every other crossing. Used by
// `npm run lint:deps` (check.ts) over the whole project and by rules.test.ts over its fixtures.
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RULES_FILE = join(ROOT, '.dependency-cruiser.cjs');
/** Everything the project's own code lives in (the rule set says what each may import). */
export const PROJECT_FILES = [
  'src-main',
  'src-shared',
  'src-preload',
  'src-renderer',
  'scripts',
  'e2e',
  'electron.vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
];

export interface CruiseReport {
  modules: number;
  dependencies: number;
  violations: IViolation[];
  /** Distinct import cycles (each set of files once, however many of its arrows were reported). */
  cycles: string[][];
  backArrows: IViolation[];
  /** Every other violation, one per dependency (a back-arrow is not also listed here). */
  crossings: IViolation[];
}

/** Cruises `files` (relative to `baseDir`) with the project's rule set. */
export async function cruiseWithRules(files: string[], baseDir = ROOT): Promise<CruiseReport> {
  const options = await extractDepcruiseOptions(RULES_FILE);
  const result = await cruise(files, { ...options, baseDir, validate: true });
  const output = result.output as ICruiseResult;
  const violations = output.summary.violations;
  const cycles = new Map<string, string[]>();
  for (const v of violations.filter((v) => v.rule.name === 'no-cycle')) {
    const files = [v.from, ...(v.cycle ?? []).map((step) => step.name)];
    const key = [...new Set(files)].sort().join('\n');
    cycles.set(key, [...new Set(files)]);
  }
  const backArrows = violations.filter((v) => v.rule.name === 'back-arrow');
  const named = new Set(violations.filter((v) => v.rule.name !== 'not-in-allowed').map((v) => `${v.from}→${v.to}`));
  const crossings = violations.filter(
    (v) =>
      v.rule.name !== 'no-cycle' &&
      v.rule.name !== 'back-arrow' &&
      !(v.rule.name === 'not-in-allowed' && named.has(`${v.from}→${v.to}`)),
  );
  return {
    modules: output.summary.totalCruised,
    dependencies: output.summary.totalDependenciesCruised ?? 0,
    violations,
    cycles: [...cycles.values()],
    backArrows,
    crossings,
  };
}
