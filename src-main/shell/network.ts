/**
 * Electron main process. Tells the services what the operating system knows about the network:
 * offline/online hints for the sync engine, and fresh sockets for uploads after sleep or a
 * network change (stale keep-alive connections would otherwise stall; uploads waiting for the
 * server look again at once on wake), and whether anyone is using the app (a visible window, a
 * machine not idle or locked), which sets how eagerly connectivity probes.
 */
import { BrowserWindow, net, powerMonitor } from 'electron';
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
  const inUse = () =>
    powerMonitor.getSystemIdleState(300) === 'active' &&
    BrowserWindow.getAllWindows().some((window) => window.isVisible() && !window.isMinimized());
  const poll = setInterval(() => {
    const used = inUse();
    withSession((session) => session.sync.setInUse(used)); // idempotent; also reaches a new workspace
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
