// Tests (plain Node): SIGKILL and re-run of `lectern course push`, runs 0, 1, 2 of the seeded plan
// (push-crash-support.ts; the other runs are in push-crash-2.test.ts).
import { describePushCrashRuns } from './push-crash-support.ts';

describePushCrashRuns([0, 1, 2]);
