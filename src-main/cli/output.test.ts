// Tests (plain Node): what the CLI prints for people carries no control a terminal would run.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Output } from './output.ts';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('Output', () => {
  it('prints lines, notes and tables with their controls escaped; line breaks of multi-line text stay', () => {
    const stdout = capture();
    const stderr = capture();
    const out = new Output(false, { stdout: stdout.stream, stderr: stderr.stream });
    out.line('Created text lesson “\u001b[1A\u001b[2KNotes”.');
    out.line('first\nsecond');
    out.note('Uploading inv\u202Efdp.mp4\r');
    out.table([{ title: 'A\u009b2K' }], [{ header: 'TITLE', value: (r) => r.title }]);
    expect(stdout.text()).toBe('Created text lesson “\\x1B[1A\\x1B[2KNotes”.\nfirst\nsecond\nTITLE\nA\\x9B2K\n');
    expect(stderr.text()).toBe('Uploading inv\\u202Efdp.mp4\\x0D\n');
  });
});
