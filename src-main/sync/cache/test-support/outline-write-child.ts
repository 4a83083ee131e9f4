// Child process of outline-rows-kill.test.ts (plain Node 24). Writes versions of one course's
// outline into the real cache store, one after another, until it is SIGKILLed. It says WROTE v on
// stdout only after the write returned, so the parent knows the newest version that must survive.
import { writeSync } from 'node:fs';
import { openProfileDatabase } from '../../../store/index.ts';
import { createCacheStore } from '../store.ts';
import { outlineVersion, OUTLINE_KEY } from './outline-versions.ts';

const dataDir = process.env.LECTERN_OUTLINE_DIR ?? '';
const first = Number(process.env.LECTERN_OUTLINE_FIRST ?? 1);
const profile = openProfileDatabase({ dataDir, profileId: 'kill' });
const cache = createCacheStore(profile.db);
writeSync(1, 'READY\n');
for (let version = first; ; version++) {
  cache.write(OUTLINE_KEY, 'sections', outlineVersion(version));
  // One write per line: atomic on a pipe, so a kill never leaves half a report.
  writeSync(1, `WROTE ${version}\n`);
}
