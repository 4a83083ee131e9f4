// Tests (plain Node): SIGKILL and re-run of `lectern course push`, runs 3, 4, 5 of the seeded plan
// (push-crash-support.ts; the other runs are in push-crash-1.test.ts).
import { describePushCrashRuns } from './push-crash-support.ts';

describePushCrashRuns([3, 4, 5]);
