// Main process / plain Node. SQLite files: opening with migrations and corruption handling, the
// profile database (offline cache, drafts, outbox, deviations) and its deviation log.
export { openDatabase, transaction, type DatabaseCorruptError, type Migration } from './database.ts';
export { statement } from './statements.ts';
export {
  createDeviationStore,
  openDeviationStore,
  type DeviationStore,
  type OpenedDeviationStore,
} from './deviation-store.ts';
export {
  openProfileDatabase,
  profileDatabasePath,
  type ProfileDatabase,
  type StoreNotice,
} from './profile-database.ts';
