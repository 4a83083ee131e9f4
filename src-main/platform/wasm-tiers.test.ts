// Tests (plain Node): the listeners that put V8's flags back once undici has compiled llhttp
// (wasm-tiers.ts) are there until the first connection is made, stay through a failed one, and are
// gone after: no cost on later connections. Run in a child Node, as the CLI runs: the channels are
// process-wide, and this test process has made connections of its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const HTTP_STACK = fileURLToPath(new URL('../api/http-stack.ts', import.meta.url));

const SCRIPT = `
import { channel } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import { Agent, request } from ${JSON.stringify(HTTP_STACK)};
const listening = () => ['beforeConnect', 'connected', 'connectError'].map((n) => channel('undici:client:' + n).hasSubscribers);
const seen = { loaded: listening() };
const server = createServer((_req, res) => res.end('ok'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;
const agent = new Agent();
const closed = createServer();
await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
const closedPort = closed.address().port;
await new Promise((resolve) => closed.close(resolve));
await request('http://127.0.0.1:' + closedPort + '/', { dispatcher: agent }).catch(() => undefined);
seen.afterRefused = listening();
const res = await request('http://127.0.0.1:' + port + '/', { dispatcher: agent });
await res.body.text();
seen.afterConnected = listening();
await agent.close();
server.close();
console.log(JSON.stringify(seen));
`;

it('listens while the first connection is made, through a refused one, and not after', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    loaded: [true, true, true],
    afterRefused: [true, true, true],
    afterConnected: [false, false, false],
  });
});
