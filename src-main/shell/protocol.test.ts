// Tests (plain Node, Electron replaced by the stand-in): the app:// handler serves the built
// renderer and nothing outside it, with the security headers on every answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { suiteTempDir } from '../test-support/index.ts';
import { records, resetStandIn } from './test-support/electron-stand-in.ts';
import { registerAppScheme, serveRenderer } from './protocol.ts';

vi.mock('electron', () => import('./test-support/electron-stand-in.ts'));

const SECRET = 'secret outside the renderer';
const INDEX = '<!doctype html><title>Lectern</title>';
const folder = suiteTempDir('lectern-protocol-');
let base: string;
let rendererDir: string;

beforeAll(() => {
  // base/secret.txt and base/etc/passwd sit next to the renderer folder: one `..` away.
  base = folder.path;
  rendererDir = join(base, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  mkdirSync(join(base, 'etc'));
  writeFileSync(join(base, 'secret.txt'), SECRET);
  writeFileSync(join(base, 'etc', 'passwd'), SECRET);
  writeFileSync(join(rendererDir, 'index.html'), INDEX);
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("lectern")');
  writeFileSync(join(rendererDir, 'assets', 'index-Bch_cT-y.js'), 'console.log("built")');
});

beforeEach(() => {
  resetStandIn();
  serveRenderer(rendererDir);
});

type Answer = { status: number; body: string; headers: Headers } | { failed: string };

/** What Chromium gets for a request to the app scheme: a response, or a failed load. */
async function request(url: string): Promise<Answer> {
  const handler = records.protocolHandlers.get('app');
  if (!handler) throw new Error('no app:// handler registered');
  try {
    const response = await handler(new Request(url));
    return { status: response.status, body: await response.text(), headers: response.headers };
  } catch (error) {
    // A case the stand-in does not model is the test's problem, not a refusal.
    if (String(error).includes('stand-in:')) throw error;
    return { failed: String(error) };
  }
}

describe('app:// protocol', () => {
  it('registers app as a privileged standard, secure scheme', () => {
    registerAppScheme();
    expect(records.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) },
    ]);
  });

  it('lets the window keep hashed assets, never index.html or an unhashed file', async () => {
    const cacheControl = async (url: string) => {
      const answer = await request(url);
      if (!('headers' in answer)) throw new Error(answer.failed);
      return answer.headers.get('cache-control');
    };
    expect(await cacheControl('app://lectern/assets/index-Bch_cT-y.js')).toBe('public, max-age=31536000, immutable');
    for (const url of [
      'app://lectern/',
      'app://lectern/index.html',
      'app://lectern/courses/42',
      'app://lectern/assets/app.js',
    ]) {
      expect(await cacheControl(url), url).toBe('no-cache');
    }
  });

  it('serves index.html, real files, and index.html for app routes', async () => {
    for (const url of ['app://lectern/', 'app://lectern/index.html', 'app://lectern/courses/42']) {
      expect(await request(url), url).toMatchObject({ status: 200, body: INDEX });
    }
    expect(await request('app://lectern/assets/app.js')).toMatchObject({
      status: 200,
      body: 'console.log("lectern")',
    });
  });

  it('adds the security headers, the strict CSP among them', async () => {
    const answer = await request('app://lectern/assets/app.js');
    if (!('headers' in answer)) throw new Error(answer.failed);
    expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(answer.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('never serves a file outside the renderer folder, however the path is spelled', async () => {
    const attempts = [
      'app://lectern/../secret.txt',
      'app://lectern/../../etc/passwd',
      'app://lectern/%2e%2e/secret.txt',
      'app://lectern/%2e%2e%2fsecret.txt',
      'app://lectern/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://lectern/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://lectern/..%2fsecret.txt',
      'app://lectern/%252e%252e%252fsecret.txt',
      'app://lectern/..\\secret.txt',
      'app://lectern/%5c..%5csecret.txt',
      'app://lectern/assets/..%5c..%5csecret.txt',
      `app://lectern/${encodeURIComponent(join(base, 'secret.txt'))}`,
      `app://lectern//${join(base, 'secret.txt')}`,
    ];
    for (const url of attempts) {
      const answer = await request(url);
      // A 404, a failed load or the app shell are all fine; the file's content never is.
      if ('body' in answer) {
        expect(answer.body, url).not.toContain(SECRET);
        expect([200, 404], url).toContain(answer.status);
      }
    }
  });

  it('answers 400 for a malformed percent-escape instead of failing the handler', async () => {
    for (const url of ['app://lectern/%E0', 'app://lectern/assets/%E0%A4%A.js', 'app://lectern/%']) {
      expect(await request(url), url).toMatchObject({ status: 400 });
    }
  });

  it('answers 404 for any host but lectern', async () => {
    for (const url of ['app://evil/index.html', 'app://lectern.evil/index.html', 'app://localhost/index.html']) {
      expect(await request(url), url).toMatchObject({ status: 404, body: 'not found' });
    }
  });

  it('a missing asset fails to load instead of falling back to the app shell', async () => {
    expect(await request('app://lectern/assets/missing.js')).toMatchObject({
      failed: expect.stringMatching(/ERR_FILE_NOT_FOUND/),
    });
  });
});
