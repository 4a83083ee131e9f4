/**
 * Electron main process. Application-wide hardening: no new windows, no foreign navigation,
 * no frames navigating anywhere, no webviews, no permissions, and a strict CSP on every response the window loads.
 */
import { app, session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../platform/index.ts';
import { originOf } from '../ipc/index.ts';

export function hardenApp(appOrigin: () => string, isDev: boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    const blockForeign = (event: { preventDefault: () => void }, url: string) => {
      if (originOf(url) !== appOrigin()) event.preventDefault();
    };
    contents.on('will-navigate', blockForeign);
    contents.on('will-redirect', blockForeign);
    // Frames too: the app has none, so no subframe may navigate anywhere (not only the CSP's
    // frame-src keeps them out), and the main frame stays on our origin.
    contents.on('will-frame-navigate', (details) => {
      if (!details.isMainFrame || originOf(details.url) !== appOrigin()) details.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  // Vite's dev server needs inline preamble scripts and its HMR socket; production gets the strict policy.
  const policy = isDev
    ? CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*")
    : CONTENT_SECURITY_POLICY;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}
