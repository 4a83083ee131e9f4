// Tests (plain Node): 51–100 of the 100 seeded kill points over bulk uploads (test-support/kill.ts); the
// other half is in kill-points-1.test.ts, so vitest runs them side by side.
import { describeKillPoints } from './test-support/kill.ts';

describeKillPoints(20622, 50);
