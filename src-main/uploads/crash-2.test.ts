// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 5, 6, 7, 8, 9 of the seeded plan
// (test-support/crash.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './test-support/crash.ts';

describeCrashRuns([5, 6, 7, 8, 9]);
