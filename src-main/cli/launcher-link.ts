// CLI (plain Node 24). The link to `bin/lectern.js` when it runs this command in a child process
// (the machine's own Node is older than 24): the launcher holds one end of a pipe, this process the
// other. A launcher killed outright (SIGKILL, a crash) cannot forward anything; its end closes and
// this process dies the same way at once, so no upload carries on alone and unseen. Uploads keep
// their journal for that (every step is committed), so the next run takes over straight away.
export const LAUNCHER_PIPE_ENV = 'LECTERN_LAUNCHER_PIPE';

export function stopWithLauncher(env: NodeJS.ProcessEnv): void {
  const fd = Number(env[LAUNCHER_PIPE_ENV]);
  // Our own children (none today) must not watch a pipe they do not hold.
  delete env[LAUNCHER_PIPE_ENV];
  if (!Number.isInteger(fd) || fd < 3) return;
  const { Socket } = process.getBuiltinModule('node:net');
  let link;
  try {
    link = new Socket({ fd, readable: true, writable: false });
  } catch {
    return; // not a pipe we were given: run as a command started directly
  }
  link.on('error', () => undefined);
  link.on('close', () => process.kill(process.pid, 'SIGKILL'));
  link.resume();
  // The link never keeps the command alive by itself.
  link.unref();
}
