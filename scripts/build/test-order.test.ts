// Tests (plain Node): the file order for a run without recorded durations (test-order.ts).
import { globSync } from 'node:fs';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { LONGEST_FILES, longestKnownFirst } from './test-order.ts';

const spec = (project: string, moduleId: string) => ({ project: { name: project }, moduleId }) as TestSpecification;
const names = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name}:${s.moduleId.split('/').pop()}`);

describe('longestKnownFirst', () => {
  const sorted = [
    spec('main', '/p/src-main/api/client.test.ts'),
    spec('main', '/p/src-main/uploads/engine.test.ts'),
    spec('main', '/p/src-main/uploads/crash-2.test.ts'),
    spec('main', '/p/src-main/uploads/kill-points-2.test.ts'),
    spec('main', '/p/src-main/uploads/cli-outage.test.ts'),
    spec('renderer', '/p/src-renderer/src/app/App.test.tsx'),
    spec('shell', '/p/src-main/shell/window.test.ts'),
  ];

  it('moves the known longest files to the front of their project, in the list’s order, the rest kept', () => {
    expect(names(longestKnownFirst(sorted, () => false))).toEqual([
      'main:kill-points-2.test.ts',
      'main:cli-outage.test.ts',
      'main:crash-2.test.ts',
      'main:client.test.ts',
      'main:engine.test.ts',
      'renderer:App.test.tsx',
      'shell:window.test.ts',
    ]);
  });

  it('leaves a file with a recorded duration where vitest put it', () => {
    const recorded = (s: TestSpecification) => s.moduleId.endsWith('kill-points-2.test.ts');
    expect(names(longestKnownFirst(sorted, recorded)).slice(0, 4)).toEqual([
      'main:cli-outage.test.ts',
      'main:crash-2.test.ts',
      'main:client.test.ts',
      'main:engine.test.ts',
    ]);
  });

  it('names files that exist', () => {
    const files = globSync('src-main/**/*.test.ts');
    for (const pattern of LONGEST_FILES)
      expect(
        files.some((f) => pattern.test(f)),
        String(pattern),
      ).toBe(true);
  });
});
