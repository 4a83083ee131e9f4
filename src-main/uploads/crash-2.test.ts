// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 5, 6, 7, 8, 9 of the seeded plan
// (crash-support.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './crash-support.ts';

describeCrashRuns([5, 6, 7, 8, 9]);
