// Tests (plain Node): the sandbox server lets no client hold a socket: trickled bodies and headers
// are cut at the request and header limits, idle kept-alive sockets at the keep-alive limit; and
// only real loopback addresses count as loopback.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestSandbox } from '../test-support/index.ts';
import { isLoopback, resolveOptions, SandboxOptionError } from './options.ts';

const sandbox = useTestSandbox({ seed: 'empty', timeouts: { headersMs: 400, requestMs: 600, keepAliveMs: 300 } });

/**
 * Connects, runs `talk`, and resolves with what the server sent and how long the socket lived, once
 * the server closed it (the limit under test cut it); a socket still open after 10 s fails the test.
 */
function session(talk: (socket: Socket) => () => void): Promise<{ received: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(sandbox.port, '127.0.0.1');
    let received = '';
    let stop = () => {};
    socket.on('connect', () => (stop = talk(socket)));
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined); // a reset after the server gave up is fine
    socket.on('close', () => {
      stop();
      resolve({ received, ms: performance.now() - started });
    });
    setTimeout(() => reject(new Error('the server kept the socket open')), 10_000).unref();
  });
}

/** Writes one byte every 100 ms, for ever (until the socket closes). */
function trickle(socket: Socket, text: string): () => void {
  let i = 0;
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(text[i++ % text.length]!);
  }, 100);
  return () => clearInterval(timer);
}

describe('sandbox server timeouts', () => {
  it('a trickled body is cut at the request limit', async () => {
    const { received, ms } = await session((socket) => {
      socket.write(
        `POST /v1/external/learning/courses HTTP/1.1\r\nHost: 127.0.0.1:${sandbox.port}\r\n` +
          `Authorization: Bearer ${sandbox.keys.tenantAdmin}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      );
      return trickle(socket, '"a":1,');
    });
    expect(ms).toBeGreaterThanOrEqual(500);
    // Cut mid-body: the sandbox answers its malformed-request 400 envelope (or just closes).
    expect(received === '' || /^HTTP\/1\.1 (400|408) /.test(received), received).toBe(true);
  });

  it('trickled headers are cut at the header limit', async () => {
    const { ms } = await session((socket) => {
      socket.write(`GET /v1/external/learning/categories HTTP/1.1\r\nHost: 127.0.0.1:${sandbox.port}\r\n`);
      return trickle(socket, 'X-Slow: a\r\n');
    });
    expect(ms).toBeGreaterThanOrEqual(300);
  });

  it('an idle kept-alive connection is closed at the keep-alive limit', async () => {
    const { received, ms } = await session((socket) => {
      socket.write(`GET /v1/external/learning/categories HTTP/1.1\r\nHost: 127.0.0.1:${sandbox.port}\r\n\r\n`);
      return () => {};
    });
    expect(received).toMatch(/^HTTP\/1\.1 401/); // answered (no key), then left idle
    expect(ms).toBeGreaterThanOrEqual(250); // kept for the keep-alive limit (300 ms), then closed
  });
});

describe('loopback addresses', () => {
  it('IPv4-mapped loopback is loopback; a look-alike that only starts like one is not', () => {
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('::FFFF:127.10.0.3')).toBe(true);
    for (const host of [
      '::ffff:127.0.0.1.attacker.example',
      '::ffff:127.evil',
      '::ffff:127.0.0.1:80',
      '127.0.0.1.nip.io',
    ]) {
      expect(isLoopback(host), host).toBe(false);
      expect(() => resolveOptions({ host }), host).toThrow(SandboxOptionError);
    }
  });
});
