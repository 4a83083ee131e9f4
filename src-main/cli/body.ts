// CLI (plain Node). Reads a request body from `--body-file F` (`-` = standard input). It must be
// JSON (else a usage error, exit 2); its shape is the server's to judge, so a JSON value that is not
// an object goes out as is and comes back as the server's 400, field problems as its 422 (exit 3).
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { UsageError } from './globals.ts';

// Built on first use: a command that reads no body compiles no schema.
let jsonValue: ReturnType<typeof z.json> | undefined;

export async function readBodyFile(file: unknown, stdin: Readable): Promise<Record<string, unknown>> {
  if (typeof file !== 'string' || file === '')
    throw new UsageError('--body-file F is required (a JSON object; - for stdin).');
  let text: string;
  try {
    text = file === '-' ? await readAll(stdin) : await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`Cannot read --body-file ${file}: ${(e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--body-file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  // The typed client methods take objects; anything else is passed through for the server to refuse.
  return (jsonValue ??= z.json()).parse(value) as Record<string, unknown>;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}
