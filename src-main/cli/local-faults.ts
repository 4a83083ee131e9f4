// CLI (plain Node). Faults of this machine as one plain sentence and an exit code, never a stack:
// a full disk, a local database busy, damaged or from a newer Lectern, the keychain. Kept apart
// from run.ts so the entry can load commands lazily and still word these the same way.
import { isKeychainError } from '../keychain/index.ts';
import { DatabaseBusyError, DiskFullError, localFaultOf } from '../platform/index.ts';
import { EXIT } from './exit-codes.ts';

/** Keychain problems keep the exit code `lectern profiles` has always used for them. */
const EXIT_KEYCHAIN = 1;

export interface LocalFaultReport {
  code: string;
  message: string;
  exitCode: number;
  details?: Record<string, unknown>;
}

const LOCAL_DATABASE_CODES = new Set(['SCHEMA_TOO_NEW', 'MIGRATION_FAILED', 'DATABASE_CORRUPT']);

/**
 * The report for a machine fault, or null for anything else. `dataDir` is where the command keeps
 * its files: an untyped "disk full" from SQLite or the file system is told against it.
 */
export function describeLocalFault(error: unknown, dataDir: string): LocalFaultReport | null {
  if (isKeychainError(error)) return { code: error.code, message: error.message, exitCode: EXIT_KEYCHAIN };
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && LOCAL_DATABASE_CODES.has(code)) {
    const file = (error as { file?: unknown }).file;
    return {
      code,
      message: error.message,
      exitCode: EXIT.local,
      ...(typeof file === 'string' ? { details: { file } } : {}),
    };
  }
  const fault = localFaultOf(error, dataDir);
  if (fault instanceof DiskFullError)
    return { code: fault.code, message: cliSentence(fault), exitCode: EXIT.local, details: { folder: fault.folder } };
  if (fault instanceof DatabaseBusyError)
    return { code: fault.code, message: fault.message, exitCode: EXIT.local, details: { file: fault.file } };
  return null;
}

/** The CLI's wording: what to do is to run the same command again. */
function cliSentence(fault: DiskFullError): string {
  return (
    `The disk holding ${fault.folder} is full. Free some space on it, then run the same command again: ` +
    'nothing was lost, and it carries on where it stopped.'
  );
}
