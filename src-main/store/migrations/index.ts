// Main process / plain Node. The profile database (cache, drafts, outbox): its migrations, one per file, in order
// (store/migrate.ts applies them; the number in a file's name is its schema version). The cache,
// drafts and the sync outbox share one file so a draft's state change and its outbox row share a
// transaction.
import type { Migration } from '../migrate.ts';
import { migration as m0001 } from './0001-cache-drafts-and-outbox.ts';
import { migration as m0002 } from './0002-contract-deviations.ts';
import { migration as m0003 } from './0003-operations-this-server-does-not-offer.ts';
import { migration as m0004 } from './0004-writes-the-server-refused.ts';
import { migration as m0005 } from './0005-outline-lessons-as-rows.ts';

export const profileMigrations: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005];
