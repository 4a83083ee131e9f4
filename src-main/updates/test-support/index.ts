// Test support (plain Node): an update feed on loopback as electron-builder publishes one (a
// latest*.yml naming a file with its sha512 and size, and the file), time moved by hand, and the
// work an install would interrupt, set by the test.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BusyWork } from '../../../src-shared/updates.ts';
import type { Timers, WorkPort } from '../ports.ts';

export interface Release {
  version: string;
  bytes: Buffer;
  /** The sha512 the feed states; the bytes' own unless a test says otherwise. */
  statedSha512?: string;
}

export interface TestFeed {
  url: string;
  /** Every path asked for, in order. */
  readonly requests: string[];
  setRelease(release: Release): void;
  /** A feed that is down answers 503 to everything. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export function sha512Base64(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64');
}

/** The channel file electron-updater's generic provider asks for on this platform. */
export function channelFileName(platform = process.platform, arch = process.arch): string {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  return `latest-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
}

export async function startTestFeed(first: Release): Promise<TestFeed> {
  let release = first;
  let down = false;
  const requests: string[] = [];
  const fileName = () => `Lectern-${release.version}.AppImage`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    if (down) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    } else if (/^\/latest[\w-]*\.yml$/.test(path)) {
      const sha512 = release.statedSha512 ?? sha512Base64(release.bytes);
      response
        .writeHead(200, { 'content-type': 'text/yaml' })
        .end(
          [
            `version: ${release.version}`,
            'files:',
            `  - url: ${fileName()}`,
            `    sha512: ${sha512}`,
            `    size: ${release.bytes.length}`,
            `path: ${fileName()}`,
            `sha512: ${sha512}`,
            "releaseDate: '2026-11-28T12:00:00.000Z'",
            '',
          ].join('\n'),
        );
    } else if (path === `/${fileName()}`) {
      response.writeHead(200, { 'content-length': release.bytes.length }).end(release.bytes);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    setRelease: (next) => (release = next),
    setDown: (next) => (down = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Time that moves only when the test moves it. */
export class ManualTimers implements Timers {
  #now = Date.parse('2026-11-28T12:00:00.000Z');
  #pending: { at: number; run: () => void }[] = [];

  now(): number {
    return this.#now;
  }

  after(ms: number, run: () => void): () => void {
    const entry = { at: this.#now + ms, run };
    this.#pending.push(entry);
    return () => {
      this.#pending = this.#pending.filter((pending) => pending !== entry);
    };
  }

  /** How long until the next timer fires (null: none planned). */
  nextIn(): number | null {
    const next = Math.min(...this.#pending.map((pending) => pending.at));
    return Number.isFinite(next) ? next - this.#now : null;
  }

  planned(): number {
    return this.#pending.length;
  }

  /** Moves time on by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = this.#pending.filter((pending) => pending.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#pending = this.#pending.filter((pending) => pending !== due);
      this.#now = due.at;
      due.run();
    }
    this.#now = until;
  }
}

/** The work an install would interrupt, as the test sets it; records pauses. */
export class TestWork implements WorkPort {
  current: BusyWork | null = null;
  pauses = 0;
  resumes = 0;

  busy(): BusyWork | null {
    return this.current;
  }

  pauseForRestart(): Promise<() => Promise<void>> {
    this.pauses += 1;
    return Promise.resolve(() => {
      this.resumes += 1;
      return Promise.resolve();
    });
  }
}
