/**
 * The app's own updates on screen, through the bridge host given a feed on loopback
 * (`--update-feed`: electron-updater itself reads the feed, downloads and checks the sha512 under
 * plain Node). An update found while an upload waits for the server is downloaded, then held:
 * the status bar says "Update ready — restarts when your uploads finish" with Restart now; once
 * the upload has finished, the app installs it (the bridge host prints what it would install). Only
 * with the bridge host: Electron's own updater needs an installed app (README, Updates).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LecternBridge } from '../src-shared/index.ts';
import { ownerHeaders, startBridgeHostProcess, test, expect, type SandboxInfo } from './fixtures.ts';
import { checkScreen, gotoRoute, sandboxApi, waitForShell, writeVideo } from './support.ts';

const VERSION = '99.0.0';

/** A feed as electron-builder publishes one: latest*.yml naming a file with its sha512, and the file. */
async function startFeed(bytes: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const file = `Lectern-${VERSION}.AppImage`;
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    if (/^\/latest[\w-]*\.yml$/.test(path)) {
      response.end(
        `version: ${VERSION}\nfiles:\n  - url: ${file}\n    sha512: ${sha512}\n    size: ${bytes.length}\n` +
          `path: ${file}\nsha512: ${sha512}\nreleaseDate: '2026-11-28T12:00:00.000Z'\n`,
      );
    } else if (path === `/${file}`) {
      response.writeHead(200, { 'content-length': bytes.length }).end(bytes);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

test('an update waits for a running upload, says so with Restart now, and installs once the upload finished', async ({
  playwright,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'the feed hook exists only in the bridge host');
  test.setTimeout(120_000);
  const bytes = randomBytes(1024 * 1024);
  const feed = await startFeed(bytes);
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-updates-'));
  // Automatic checks off from the start: the check runs when the test presses Check now, never by
  // the clock before the upload is there (an update found with nothing running installs at once).
  mkdirSync(join(dataDir, 'updates'));
  writeFileSync(join(dataDir, 'updates', 'settings.json'), JSON.stringify({ automatic: false }));
  const host = await startBridgeHostProcess(dataDir, ['--update-feed', feed.url]);
  const installs: string[] = [];
  createInterface({ input: host.child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as { event: string; file?: string };
    if (message.event === 'update-install' && message.file) installs.push(message.file);
  });
  const hook = async (action: string, body: unknown) => {
    const response = await fetch(`${host.url}/__bridge/test/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ownerHeaders(host) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as SandboxInfo;
  };
  const browser = await playwright.chromium.launch({
    executablePath: process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(host.appUrl);
    await waitForShell(page);

    // Where the upload goes, read while the server is there; then the server goes away, so the
    // upload waits for it (running, as far as an install is concerned).
    const info = await hook('sandbox', { running: true });
    const courses = (await sandboxApi(info, 'GET', '/courses?page_size=1')) as unknown as { results: { id: string }[] };
    const courseId = courses.results[0]!.id;
    const sections = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections`)) as unknown as {
      results: { id: string }[];
    };
    const sectionId = sections.results[0]!.id;
    await hook('sandbox', { running: false });
    const video = join(dataDir, 'update-clip.mp4');
    writeVideo(video, 16 * 1024);
    await hook('dialog', { paths: [video] });
    await page.evaluate(
      async ({ courseId, sectionId }) => {
        const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
        const picked = await bridge.uploads.pickFiles();
        if (!picked.ok) throw new Error(picked.error.message);
        const added = await bridge.uploads.add({
          items: [
            { handle: picked.value[0]!.handle, target: { kind: 'new', courseId, sectionId, title: 'Update clip' } },
          ],
        });
        if (!added.ok) throw new Error(added.error.message);
      },
      { courseId, sectionId },
    );

    await gotoRoute(page, 'diagnostics');
    const panel = page.getByTestId('updates-panel');
    await expect(panel).toContainText('This is Lectern 0.1.0.');
    await panel.getByRole('button', { name: 'Check now' }).click();

    const item = page.getByTestId('status-update');
    await expect(item).toContainText('Update ready — restarts when your uploads finish.', { timeout: 30_000 });
    await expect(item.getByRole('button', { name: 'Restart now' })).toBeVisible();
    await expect(panel.getByTestId('update-message')).toHaveText('Update ready — restarts when your uploads finish.');
    expect(installs).toEqual([]);
    await checkScreen(page, testInfo, 'update-ready-waiting');

    // The server is back: the upload finishes, and only then the update installs.
    await hook('sandbox', { running: true });
    await expect(item).toContainText(`restarting into Lectern ${VERSION}`, { timeout: 60_000 });
    // Once the uploads are paused (the session closed), the host is told to install.
    await expect.poll(() => installs.length, { timeout: 30_000 }).toBe(1);
    expect(readFileSync(installs[0]!)).toEqual(bytes);
    const lessons = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections/${sectionId}`)) as unknown as {
      lessons: { title: string }[];
    };
    expect(lessons.lessons.map((lesson) => lesson.title)).toContain('Update clip');
  } finally {
    await browser.close();
    const exited = new Promise((done) => host.child.once('exit', done));
    host.child.kill('SIGTERM');
    await exited;
    await feed.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
