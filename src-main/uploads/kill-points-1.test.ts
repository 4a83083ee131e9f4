// Tests (plain Node): 1–50 of the 100 seeded kill points over bulk uploads (test-support/kill.ts); the
// other half is in kill-points-2.test.ts, so vitest runs them side by side.
import { describeKillPoints } from './test-support/kill.ts';

describeKillPoints(10622, 50);
