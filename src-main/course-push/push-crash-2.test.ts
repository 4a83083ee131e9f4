// Tests (plain Node): SIGKILL and re-run of `lectern course push`, runs 3, 4, 5 of the seeded plan
// (test-support/push-crash.ts; the other runs are in push-crash-1.test.ts).
import { describePushCrashRuns } from './test-support/push-crash.ts';

describePushCrashRuns([3, 4, 5]);
