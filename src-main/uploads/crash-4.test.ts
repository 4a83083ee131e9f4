// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 15, 16, 17, 18, 19 of the seeded plan
// (crash-support.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './crash-support.ts';

describeCrashRuns([15, 16, 17, 18, 19]);
