// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 0, 1, 2, 3, 4 of the seeded plan
// (test-support/crash.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './test-support/crash.ts';

describeCrashRuns([0, 1, 2, 3, 4]);
