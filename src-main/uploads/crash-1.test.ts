// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 0, 1, 2, 3, 4 of the seeded plan
// (crash-support.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './crash-support.ts';

describeCrashRuns([0, 1, 2, 3, 4]);
