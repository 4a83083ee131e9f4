// Tests (plain Node, Electron replaced by the stand-in): what the app-wide hardening refuses —
// foreign navigation, new windows, webviews, permissions — and the CSP it puts on responses.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, records, resetStandIn, StandInWebContents } from './test-support/electron-stand-in.ts';
import { hardenApp } from './hardening.ts';

vi.mock('electron', () => import('./test-support/electron-stand-in.ts'));

const APP = 'app://lectern';
const DEV = 'http://localhost:5173';

beforeEach(() => resetStandIn());

/** A new web contents as Electron announces it, after the hardening is in place. */
function newContents(): StandInWebContents {
  const contents = new StandInWebContents();
  app.emit('web-contents-created', {}, contents);
  return contents;
}

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

/** Runs a response through the recorded onHeadersReceived listener, as Chromium would. */
function headersFor(responseHeaders: Record<string, string[]>): Record<string, string[]> {
  expect(records.headersReceivedListeners).toHaveLength(1);
  const listener = records.headersReceivedListeners[0] as unknown as HeadersListener;
  let answered: Record<string, string[]> | undefined;
  listener({ url: `${APP}/index.html`, responseHeaders }, (response) => (answered = response.responseHeaders));
  if (!answered) throw new Error('onHeadersReceived listener did not call back with headers');
  return answered;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('navigation, windows and webviews', () => {
  it('lets the window navigate within the app origin and refuses every other origin', () => {
    hardenApp(() => APP, false);
    const contents = newContents();
    for (const url of [`${APP}/index.html`, `${APP}/index.html#/courses/42`, `${APP}/settings?x=1`]) {
      expect(contents.tryNavigation('will-navigate', url), url).toBe(false);
      expect(contents.tryNavigation('will-redirect', url), url).toBe(false);
    }
    for (const url of [
      'https://evil.example/',
      'app://lectern.evil/index.html',
      'app://evil/index.html',
      'http://localhost:5173/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'not a url',
    ]) {
      expect(contents.tryNavigation('will-navigate', url), url).toBe(true);
      expect(contents.tryNavigation('will-redirect', url), url).toBe(true);
    }
  });

  it('checks navigation against the origin current at the time (the dev server in development)', () => {
    hardenApp(() => DEV, true);
    const contents = newContents();
    expect(contents.tryNavigation('will-navigate', `${DEV}/src/main.tsx`)).toBe(false);
    expect(contents.tryNavigation('will-navigate', 'http://localhost:5174/')).toBe(true);
    expect(contents.tryNavigation('will-navigate', `${APP}/index.html`)).toBe(true);
  });

  it('denies every window.open, even to the app itself', () => {
    hardenApp(() => APP, false);
    const contents = newContents();
    expect(contents.windowOpenHandler).not.toBeNull();
    for (const url of ['https://evil.example/', `${APP}/index.html`]) {
      expect(contents.windowOpenHandler?.({ url }), url).toEqual({ action: 'deny' });
    }
  });

  it('refuses every subframe navigation, and main-frame navigation away from the app (will-frame-navigate)', () => {
    hardenApp(() => APP, false);
    const contents = newContents();
    expect(contents.tryFrameNavigation(`${APP}/index.html`, true)).toBe(false);
    expect(contents.tryFrameNavigation('https://evil.example/', true)).toBe(true);
    for (const url of [`${APP}/index.html`, 'https://evil.example/', 'about:blank']) {
      expect(contents.tryFrameNavigation(url, false), url).toBe(true);
    }
  });

  it('refuses to attach a webview', () => {
    hardenApp(() => APP, false);
    const contents = newContents();
    expect(contents.tryAttachWebview(`${APP}/index.html`)).toBe(true);
    expect(contents.tryAttachWebview('https://evil.example/')).toBe(true);
  });

  it('hardens every web contents created later, not just the first', () => {
    hardenApp(() => APP, false);
    newContents();
    const second = newContents();
    expect(second.tryNavigation('will-navigate', 'https://evil.example/')).toBe(true);
    expect(second.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  it('answers every permission request with no, and every permission check with false', () => {
    hardenApp(() => APP, false);
    const request = records.permissionRequestHandler as unknown as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void;
    const check = records.permissionCheckHandler as unknown as (
      contents: unknown,
      permission: string,
      origin: string,
    ) => boolean;
    expect(request).toBeTypeOf('function');
    expect(check).toBeTypeOf('function');
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fileSystem',
    ]) {
      const callback = vi.fn();
      request(null, permission, callback, { requestingUrl: `${APP}/index.html` });
      expect(callback, permission).toHaveBeenCalledExactlyOnceWith(false);
      expect(check(null, permission, APP), permission).toBe(false);
    }
  });
});

describe('Content-Security-Policy on responses', () => {
  it('production: the strict policy, no inline code, no eval, connections only to itself', () => {
    hardenApp(() => APP, false);
    const headers = headersFor({ 'Content-Type': ['text/html'] });
    expect(headers['Content-Type']).toEqual(['text/html']);
    const policy = headers['Content-Security-Policy'];
    expect(policy).toHaveLength(1);
    const csp = directives(policy?.[0] ?? '');
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy?.[0]).not.toMatch(/unsafe-|ws:|\*/);
  });

  it('a response that brings its own looser policy still gets ours', () => {
    hardenApp(() => APP, false);
    const headers = headersFor({ 'Content-Security-Policy': ["default-src * 'unsafe-eval'"] });
    expect(headers['Content-Security-Policy']).toHaveLength(1);
    expect(headers['Content-Security-Policy']?.[0]).toMatch(/^default-src 'none'/);
  });

  it('development: inline scripts/styles and the HMR socket on loopback only, nothing more', () => {
    hardenApp(() => DEV, true);
    const csp = directives(headersFor({})['Content-Security-Policy']?.[0] ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:*', 'ws://127.0.0.1:*']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });
});
