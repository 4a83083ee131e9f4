// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 15, 16, 17, 18, 19 of the seeded plan
// (test-support/crash.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './test-support/crash.ts';

describeCrashRuns([15, 16, 17, 18, 19]);
