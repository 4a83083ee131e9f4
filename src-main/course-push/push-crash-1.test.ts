// Tests (plain Node): SIGKILL and re-run of `lectern course push`, runs 0, 1, 2 of the seeded plan
// (test-support/push-crash.ts; the other runs are in push-crash-2.test.ts).
import { describePushCrashRuns } from './test-support/push-crash.ts';

describePushCrashRuns([0, 1, 2]);
