/**
 * Main process / plain Node (no electron import, so it is tested under Node). macOS's "Install
 * 'lectern' command in PATH": links /usr/local/bin/lectern to the wrapper inside the app bundle
 * (resources/bin/lectern), as VS Code does for `code`. When the folder is not writable for this user
 * the link is made through macOS's administrator prompt (osascript).
 */
import { execFile } from 'node:child_process';
import { lstat, readlink, symlink, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const CLI_LINK = '/usr/local/bin/lectern';

/** The wrapper in a packaged app: <app>/Contents/Resources/bin/lectern (process.resourcesPath). */
export function cliWrapperPath(resourcesPath: string): string {
  return join(resourcesPath, 'bin', 'lectern');
}

export type RunAsAdmin = (shellCommand: string) => Promise<void>;

const quote = (path: string) => `'${path.replaceAll("'", `'\\''`)}'`;

/** Links `link` to `target`; 'already' when it is that link. A file that is not a link is never replaced. */
export async function installCliCommand(
  target: string,
  link = CLI_LINK,
  runAsAdmin: RunAsAdmin = askMacAdmin,
): Promise<'installed' | 'already'> {
  const existing = await lstat(link).catch(() => null);
  if (existing && !existing.isSymbolicLink())
    throw new Error(`${link} exists and is not a link; remove it first, then install the command again.`);
  if (existing && (await readlink(link)) === target) return 'already';
  try {
    if (existing) await unlink(link);
    await symlink(target, link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM' && code !== 'ENOENT') throw error;
    await runAsAdmin(`mkdir -p ${quote(dirname(link))} && ln -sfn ${quote(target)} ${quote(link)}`);
  }
  return 'installed';
}

function askMacAdmin(shellCommand: string): Promise<void> {
  const script = `do shell script "${shellCommand.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" with administrator privileges`;
  return new Promise((resolve, reject) =>
    execFile('osascript', ['-e', script], (error) =>
      error ? reject(new Error(`The command was not installed: ${error.message}`)) : resolve(),
    ),
  );
}
