/**
 * Playwright fixture (Node) that hides which transport runs the app: the bridge host + Debian
 * Chromium (project `chromium`) or the real Electron app (project `electron`). Specs only see
 * `lectern.page` and the helpers below, so every spec runs unchanged in both.
 */
import { test as base, _electron, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface SandboxInfo {
  running: boolean;
  baseUrl?: string;
  keys?: { tenantAdmin: string; tenantViewer: string; serviceProvider: string; moduleDisabled: string };
}

export interface LecternApp {
  page: Page;
  kind: 'bridge' | 'electron';
  dataDir: string;
  /** Stops the app (as a user quitting) and starts it again on the same data folder. */
  restart(): Promise<void>;
  /** The next file dialog main opens answers with these paths (bridge host test hook). */
  answerFileDialog(paths: string[]): Promise<void>;
  /** Stops or restarts the app's built-in sandbox server (same port, same data). */
  setSandboxRunning(running: boolean): Promise<SandboxInfo>;
  /** The built-in sandbox's address and keys, so a test can change things "on the server". */
  sandboxInfo(): Promise<SandboxInfo>;
  /** Makes the built-in sandbox answer like a drifting real server (sandbox `--drift`). */
  setSandboxDrift(on: boolean): Promise<SandboxInfo>;
  /** Makes the built-in sandbox a server without section writes and course update (`--no-structure`). */
  setSandboxNoStructure(on: boolean): Promise<SandboxInfo>;
  /** How long the built-in sandbox's new videos read PROCESSING; those processing now finish no later than that. */
  setSandboxProcessingMs(ms: number): Promise<SandboxInfo>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function startBridgeHostProcess(
  dataDir: string,
  extraArgs: string[] = [],
): Promise<{ child: ChildProcess; appUrl: string; url: string; token: string }> {
  const child = spawn(
    process.execPath,
    // Bundled from the sources by the global setup (e2e/global-setup.ts) at the start of the run.
    // Processing polls 10 × faster: the 10 s rule is proved by the unit and CLI tests, here only
    // what the screens show along the way.
    ['out/bridge-host/main.mjs', '--data', dataDir, '--test-hooks', '--video-poll-speed', '10', ...extraArgs],
    {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
      // The bridge host accepts --test-hooks only when a test asks for them this way.
      env: { ...process.env, LECTERN_TEST_HOOKS: '1' },
    },
  );
  const lines = createInterface({ input: child.stdout });
  const listening = await new Promise<{ appUrl: string; url: string; token: string }>((resolveLine, reject) => {
    child.once('exit', (code) => reject(new Error(`bridge host exited early with ${code}`)));
    lines.once('line', (line) => resolveLine(JSON.parse(line) as { appUrl: string; url: string; token: string }));
  });
  return { child, ...listening };
}

/** Headers for the bridge host's owner endpoints: the owner secret, and the host's own Origin. */
export function ownerHeaders(host: { url: string; token: string }): Record<string, string> {
  return { 'x-lectern-bridge-token': host.token, origin: host.url };
}

/** A fresh one-time launch address (the first may expire while a browser starts on a busy machine). */
export async function freshLaunchUrl(host: { url: string; token: string }): Promise<string> {
  const response = await fetch(`${host.url}/__bridge/launch-code`, { method: 'POST', headers: ownerHeaders(host) });
  if (!response.ok) throw new Error(`launch-code failed: ${response.status}`);
  return ((await response.json()) as { appUrl: string }).appUrl;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export const test = base.extend<{ lectern: LecternApp }, { chromiumBrowser: Browser | null }>({
  // One Chromium per Playwright worker (its start is a second of a busy machine's CPU); each test
  // gets its own browser context, so no cookie or storage crosses from one test to the next.
  chromiumBrowser: [
    async ({ playwright }, use, workerInfo) => {
      if (workerInfo.project.name === 'electron') return use(null);
      const browser = await playwright.chromium.launch({
        executablePath: process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  lectern: async ({ chromiumBrowser }, use, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-'));
    const kind = testInfo.project.name === 'electron' ? 'electron' : 'bridge';
    const context = chromiumBrowser ? await chromiumBrowser.newContext() : null;
    let child: ChildProcess | null = null;
    let electronApp: ElectronApplication | null = null;
    let host = { url: '', token: '' };

    async function hook(action: string, body: unknown): Promise<unknown> {
      if (kind === 'electron') throw new Error(`test hook ${action} exists only in the bridge host`);
      const response = await fetch(`${host.url}/__bridge/test/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ownerHeaders(host) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`test hook ${action} failed: ${await response.text()}`);
      return response.json();
    }

    async function launch(): Promise<Page> {
      if (kind === 'electron') {
        electronApp = await _electron.launch({
          args: [resolve('out/main/index.js')],
          env: { ...process.env, LECTERN_USER_DATA: dataDir },
        });
        return electronApp.firstWindow();
      }
      // The host (about a second of Node start) and the page (a renderer process) start side by side.
      const [started, page] = await Promise.all([startBridgeHostProcess(dataDir), context!.newPage()]);
      child = started.child;
      host = { url: started.url, token: started.token };
      await page.goto(await freshLaunchUrl(host));
      return page;
    }

    async function stop(): Promise<void> {
      if (electronApp) await electronApp.close();
      electronApp = null;
      if (child) await stopChild(child);
      child = null;
    }

    const app: LecternApp = {
      page: await launch(),
      kind,
      dataDir,
      restart: async () => {
        await app.page.close().catch(() => undefined);
        await stop();
        app.page = await launch();
      },
      answerFileDialog: async (paths) => {
        await hook('dialog', { paths });
      },
      setSandboxRunning: async (running) => (await hook('sandbox', { running })) as SandboxInfo,
      sandboxInfo: async () => (await hook('sandbox', { running: true })) as SandboxInfo,
      setSandboxDrift: async (on) => (await hook('sandbox', { running: true, drift: on })) as SandboxInfo,
      setSandboxNoStructure: async (on) => (await hook('sandbox', { running: true, noStructure: on })) as SandboxInfo,
      setSandboxProcessingMs: async (ms) => (await hook('sandbox', { running: true, processingMs: ms })) as SandboxInfo,
    };
    await use(app);
    await stop();
    await context?.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
