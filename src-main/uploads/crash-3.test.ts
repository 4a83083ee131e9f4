// Tests (plain Node): SIGKILL and resume of `lectern upload`, runs 10, 11, 12, 13, 14 of the seeded plan
// (test-support/crash.ts; the other runs are in the other crash-*.test.ts files).
import { describeCrashRuns } from './test-support/crash.ts';

describeCrashRuns([10, 11, 12, 13, 14]);
