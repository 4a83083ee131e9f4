// CLI entry (plain Node 24): `npm run --silent lectern -- <command>` runs it from source; `npm run
// build` bundles it into out/cli/lectern.mjs, which `bin/lectern.js` runs.
import { runCliProcess } from './index.ts';

process.exitCode = await runCliProcess(process.argv.slice(2));
