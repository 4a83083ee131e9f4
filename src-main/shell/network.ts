/**
 * Electron main process. Tells the services what the operating system knows about the network:
 * offline/online hints for the sync engine, and fresh sockets for uploads after sleep or a
 * network change (stale keep-alive connections would otherwise stall). Uploads waiting for the
 * server look again at once on wake (dropConnections re-checks), not at their next probe.
 */
import { net, powerMonitor } from 'electron';
import type { AppServices } from '../services/index.ts';

export function watchNetwork(services: AppServices): () => void {
  let lastOnline = net.isOnline();
  const withSession = (fn: (session: ReturnType<AppServices['session']>) => void) => {
    try {
      fn(services.session());
    } catch {
      // No workspace open: nothing to tell.
    }
  };
  const poll = setInterval(() => {
    const online = net.isOnline();
    if (online === lastOnline) return;
    lastOnline = online;
    withSession((session) => {
      session.sync.setNetworkHint(online);
      if (online) session.uploads.dropConnections();
    });
  }, 3_000);
  const onResume = () =>
    withSession((session) => {
      session.uploads.dropConnections();
      void session.sync.checkConnectivity();
    });
  powerMonitor.on('resume', onResume);
  return () => {
    clearInterval(poll);
    powerMonitor.off('resume', onResume);
  };
}
