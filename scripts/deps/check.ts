// Build time (Node 24), `npm run lint:deps`: which way imports point, checked by dependency-cruiser on
// resolved paths over every file of the project (.dependency-cruiser.cjs, docs/architecture.md).
// Prints each crossing with the rule it breaks, then the counts; fails on any.
import { PROJECT_FILES, cruiseWithRules } from './cruise.ts';

const report = await cruiseWithRules(PROJECT_FILES);
for (const cycle of report.cycles) console.log(`import cycle: ${cycle.join(' → ')}`);
for (const v of [...report.backArrows, ...report.crossings]) {
  console.log(`${v.rule.name}: ${v.from} → ${v.to}${v.comment ? `\n  ${v.comment}` : ''}`);
}
console.log(
  `dependency-cruiser: ${report.modules} files, ${report.dependencies} imports; ` +
    `${report.cycles.length} import cycles, ${report.backArrows.length} back-arrows, ` +
    `${report.crossings.length} other crossings`,
);
if (report.violations.length > 0) process.exit(1);
