// CLI (plain Node). Every exit code of `lectern`, in one module of its own so the commands and the
// lazily loaded fault wording can name them without importing the entry (run.ts).
export const EXIT = { ok: 0, failure: 1, usage: 2, api: 3, network: 4, contract: 5, local: 6 } as const;
