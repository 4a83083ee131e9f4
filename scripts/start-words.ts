/**
 * Node (scripts). What `npm start` says when Electron's binary could not be downloaded, in words a
 * newcomer can act on instead of the installer's stack trace (`TypeError: fetch failed`).
 */

/** Where Electron's installer downloads from: ELECTRON_MIRROR when set, else GitHub's releases. */
export function downloadHost(env: NodeJS.ProcessEnv): string {
  const mirror = env['ELECTRON_MIRROR'] ?? env['npm_config_electron_mirror'];
  if (mirror) {
    try {
      return new URL(mirror).host;
    } catch {
      return mirror;
    }
  }
  return 'github.com';
}

const NO_CONNECTION =
  /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|socket hang up/i;

/** One sentence (without the ending) for the installer's output of a failed download. */
export function downloadFailure(output: string, env: NodeJS.ProcessEnv): string {
  const host = downloadHost(env);
  if (NO_CONNECTION.test(output)) return `Electron’s binary could not be downloaded (no connection to ${host})`;
  const status = /HTTPError: Response code (\d+)[^\n]*/.exec(output);
  if (status) return `Electron’s binary could not be downloaded (${host} answered ${status[1]})`;
  if (/checksum/i.test(output)) return `Electron’s binary could not be downloaded (its checksum did not match)`;
  if (/ENOSPC/.test(output)) return `Electron’s binary could not be downloaded (the disk is full)`;
  return `Electron’s binary could not be downloaded from ${host} (npm start -- --verbose shows why)`;
}
