// Tests (plain Node). The project's import rules (.dependency-cruiser.cjs) run by dependency-cruiser
// over planted fixtures (fixtures/, laid out like the project): each way of spelling a crossing is
// reported where its import lands, and a clean import is not. That the project itself passes is
// `npm run lint:deps`'s job.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, RULES_FILE, cruiseWithRules, type CruiseReport } from './cruise.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const F = 'src-renderer/src/features';
let report: CruiseReport;

beforeAll(async () => {
  report = await cruiseWithRules(['src-renderer', 'src-main'], FIXTURES);
});

/** The rules each fixture file breaks (cycles by their own name). */
function rulesBrokenBy(file: string): string[] {
  return [...new Set(report.violations.filter((v) => v.from === file).map((v) => v.rule.name))].sort();
}

describe('the import rules on planted fixtures', () => {
  const planted: [spelling: string, file: string, rule: string][] = [
    ["'./../courses/names.ts'", `${F}/assessments/dot-slash.ts`, 'past-entry-file'],
    ["'../lessons/../courses/names.ts'", `${F}/assessments/detour.ts`, 'past-entry-file'],
    ["import('../courses/store.ts')", `${F}/assessments/dynamic.ts`, 'past-entry-file'],
    ["export … from '../courses/store.ts'", `${F}/assessments/re-export.ts`, 'past-entry-file'],
    ["a sub-folder's '../../lessons/store.ts'", `${F}/courses/parts/Part.tsx`, 'past-entry-file'],
    ["app/ past a feature's entry file", 'src-renderer/src/app/Reach.tsx', 'past-entry-file'],
    ['a feature imports a higher one', `${F}/lessons/up.ts`, 'back-arrow'],
    ['main: another room past its index.ts', 'src-main/sync/past-entry.ts', 'past-entry-file'],
    ['main: a lower floor imports a higher one', 'src-main/api/back-arrow.ts', 'back-arrow'],
    ['main: a folder no rule lists', 'src-main/newroom/unlisted.ts', 'not-in-allowed'],
    ['main: a type-only import cycle', 'src-main/api/cycle-a.ts', 'no-cycle'],
    ['main: test support among production files', 'src-main/api/harness-support.ts', 'test-support-outside-its-folder'],
  ];

  it.each(planted)('%s is reported (%s)', (_spelling, file, rule) => {
    expect(rulesBrokenBy(file)).toContain(rule);
  });

  it('a feature using another through its entry file passes', () => {
    expect(rulesBrokenBy(`${F}/assessments/clean.ts`)).toEqual([]);
  });

  it('counts the cycle once and the back-arrows apart from the other crossings', () => {
    expect(report.cycles).toHaveLength(1);
    expect(report.backArrows.map((v) => v.from).sort()).toEqual(['src-main/api/back-arrow.ts', `${F}/lessons/up.ts`]);
    expect(report.crossings.map((v) => v.from)).not.toContain(`${F}/lessons/up.ts`);
  });
});

describe('the rule set itself', () => {
  const { layers } = createRequire(import.meta.url)(RULES_FILE) as {
    layers: { MAIN_ROOMS: Record<string, { floor: number; uses: string[] }>; FEATURE_LEVELS: string[][] };
  };

  it('places every renderer feature folder at a level', () => {
    const folders = readdirSync(join(ROOT, F), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(layers.FEATURE_LEVELS.flat()).toEqual(expect.arrayContaining(folders));
  });

  it('lets each room of src-main use only rooms on lower floors', () => {
    const upwards = Object.entries(layers.MAIN_ROOMS).flatMap(([room, { floor, uses }]) =>
      uses.filter((used) => layers.MAIN_ROOMS[used]!.floor >= floor).map((used) => `${room} → ${used}`),
    );
    expect(upwards).toEqual([]);
  });
});
