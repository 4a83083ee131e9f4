// CLI (plain Node). Every exit code of `lectern`, in one module of its own so the commands and the
// lazily loaded fault wording can name them without importing the entry (run.ts).
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  api: 3,
  network: 4,
  contract: 5,
  local: 6,
  /** Ctrl-C, SIGTERM or SIGHUP: stopped where the journal last committed. */
  interrupted: 130,
} as const;

/** The one sentence every command prints when it is stopped by a signal. */
export const STOPPED_SENTENCE = 'Stopped. Run the same command again to continue; nothing already sent is lost.';
