// Main process / plain Node tests. Connection failures from real sockets become the typed
// NetworkError with the system code kept and one plain sentence first: a certificate for another
// name, a self-signed one, an expired one (real TLS servers on loopback, certificates made with the
// machine's openssl), a refused port, a name that does not resolve, a connection cut off.
import { execFileSync } from 'node:child_process';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionProblem, connectionSentence } from '../../src-shared/connection-words.ts';
import { t } from '../i18n/index.ts';
import { suiteTempDir } from '../test-support/index.ts';
import { createApiClient, NetworkError } from './index.ts';

const KEY = 'lk_connection_errors_test_key';
const dir = suiteTempDir('lectern-tls-');
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasOpenssl) console.warn('connection-errors.test: no openssl on this machine, the TLS cases are skipped');

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir.path, stdio: 'ignore' });
}

/** A CA, and server certificates for `wrong.example` signed by it (valid and expired) and self-signed. */
function makeCertificates() {
  writeFileSync(join(dir.path, 'san.ext'), 'subjectAltName=DNS:wrong.example\n');
  const subject = (cn: string) => ['-subj', `/CN=${cn}`];
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    ...subject('Test CA'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    ...subject('wrong.example'),
  );
  const sign = (out: string, days: string) =>
    openssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-extfile',
      'san.ext',
      '-days',
      days,
      '-out',
      out,
    );
  sign('server.crt', '2');
  sign('expired.crt', '-1'); // not after = yesterday
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'self.key',
    '-out',
    'self.crt',
    '-days',
    '2',
    ...subject('127.0.0.1'),
  );
  const read = (file: string) => readFileSync(join(dir.path, file));
  return {
    ca: read('ca.crt'),
    server: { key: read('server.key'), cert: read('server.crt') },
    expired: { key: read('server.key'), cert: read('expired.crt') },
    self: { key: read('self.key'), cert: read('self.crt') },
  };
}

const servers: Server[] = [];
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function failureOf(baseUrl: string, dispatcher?: Agent): Promise<NetworkError> {
  const client = createApiClient({ baseUrl, apiKey: KEY, retry: { maxAttempts: 1 }, dispatcher });
  try {
    await client.categories.list({ page: 1, pageSize: 1 });
  } catch (error) {
    return error as NetworkError;
  } finally {
    await client.close();
  }
  throw new Error('the request succeeded');
}

let certs: ReturnType<typeof makeCertificates> | null = null;
beforeAll(() => {
  if (hasOpenssl) certs = makeCertificates();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe.skipIf(!hasOpenssl)('TLS failures from a real https server on loopback', () => {
  const httpsServer = (pair: { key: Buffer; cert: Buffer }) =>
    createHttpsServer(pair, (_req, res) => res.end('{}')) as unknown as Server;

  it('a certificate for another name: the wrong-address sentence, the code kept, never "unreachable" words', async () => {
    const host = await listen(httpsServer(certs!.server));
    const trusting = new Agent({ connect: { ca: certs!.ca } });
    const error = await failureOf(`https://${host}`, trusting);
    await trusting.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.systemCode).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(error.message.startsWith('This server’s certificate is for a different address')).toBe(true);
    expect(error.message).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(error.message).not.toMatch(/nothing answered|unreachable/i);
    expect(error.toIpcError().details).toMatchObject({ systemCode: 'ERR_TLS_CERT_ALTNAME_INVALID', notSent: true });
  });

  it('a self-signed certificate', async () => {
    const host = await listen(httpsServer(certs!.self));
    const error = await failureOf(`https://${host}`);
    expect(error.systemCode).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(connectionProblem(error.systemCode)).toBe('self-signed');
    expect(error.message.startsWith(connectionSentence('DEPTH_ZERO_SELF_SIGNED_CERT', t))).toBe(true);
  });

  it('an expired certificate', async () => {
    const host = await listen(httpsServer(certs!.expired));
    const trusting = new Agent({ connect: { ca: certs!.ca } });
    const error = await failureOf(`https://${host}`, trusting);
    await trusting.close();
    expect(error.systemCode).toBe('CERT_HAS_EXPIRED');
    expect(error.message).toContain('certificate has expired');
  });
});

describe('socket failures', () => {
  it('a refused port', async () => {
    const server = createTcpServer();
    const host = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    servers.splice(servers.indexOf(server), 1);
    const error = await failureOf(`http://${host}`);
    expect(error.systemCode).toBe('ECONNREFUSED');
    expect(error.message.startsWith('The server at this address refused the connection.')).toBe(true);
  });

  it('a name that does not resolve (.invalid never does)', async () => {
    const error = await failureOf('http://lectern-test.invalid');
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(error.systemCode);
    expect(error.message.startsWith('No server is known by this name.')).toBe(true);
  });

  it('a connection cut off before an answer', async () => {
    const host = await listen(createTcpServer((socket) => socket.destroy()));
    const error = await failureOf(`http://${host}`);
    expect(connectionProblem(error.systemCode)).toBe('reset');
    expect(error.message.startsWith('The connection to the server was cut off.')).toBe(true);
  });
});
