// Tests (plain Node): "Install 'lectern' command in PATH" on real links in a temporary folder; the
// administrator prompt (osascript, macOS only) is replaced by a recorder that runs the same command.
import { execFileSync } from 'node:child_process';
import { readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { cliWrapperPath, installCliCommand } from './cli-command.ts';

describe('installCliCommand', () => {
  it('links the command to the wrapper, says "already" the second time, and re-points a stale link', async () => {
    const dir = tempDir('lectern-cli-link-');
    const link = join(dir, 'lectern');
    const target = cliWrapperPath('/Applications/Lectern.app/Contents/Resources');
    expect(target).toBe('/Applications/Lectern.app/Contents/Resources/bin/lectern');
    const noAdmin = () => Promise.reject(new Error('no prompt expected'));
    expect(await installCliCommand(target, link, noAdmin)).toBe('installed');
    expect(readlinkSync(link)).toBe(target);
    expect(await installCliCommand(target, link, noAdmin)).toBe('already');
    expect(await installCliCommand('/Volumes/Other/Lectern.app/x', link, noAdmin)).toBe('installed');
    expect(readlinkSync(link)).toBe('/Volumes/Other/Lectern.app/x');
  });

  it('never replaces a file that is not a link', async () => {
    const link = join(tempDir('lectern-cli-link-'), 'lectern');
    writeFileSync(link, '#!/bin/sh\n');
    await expect(installCliCommand('/x', link, () => Promise.resolve())).rejects.toThrow(/is not a link/);
  });

  it('a folder it cannot link in (here: missing) goes through the administrator prompt, quoted', async () => {
    const dir = tempDir("lectern cli's-");
    const missing = join(dir, 'missing', 'bin', 'lectern');
    const asked: string[] = [];
    const admin = (command: string) => {
      asked.push(command);
      execFileSync('sh', ['-c', command]);
      return Promise.resolve();
    };
    expect(await installCliCommand('/Apps/Lectern.app/bin/lectern', missing, admin)).toBe('installed');
    expect(readlinkSync(missing)).toBe('/Apps/Lectern.app/bin/lectern');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`'${dir.replaceAll("'", `'\\''`)}/missing/bin'`);
  });
});
