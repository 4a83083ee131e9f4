// CLI entry (plain Node 24): `npm run --silent lectern -- <command>` runs it from source; `npm run
// build` bundles it into out/cli/lectern.mjs, which `bin/lectern.js` runs.
import { runCliProcess } from './index.ts';
import { stopWithLauncher } from './launcher-link.ts';
// Statically: in the bundle run.ts sits in the chunk this entry loads anyway (no second file to fetch).
import { runCli } from './run.ts';

stopWithLauncher(process.env);
process.exitCode = await runCliProcess(process.argv.slice(2), runCli);
