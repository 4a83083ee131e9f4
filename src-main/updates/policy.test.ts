// Tests (plain Node): the administrator's policy file, the user's setting file, and how a copy of
// Lectern tells the way it was installed (real files in temp folders).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { installKind } from './install-kind.ts';
import { createSettingsStore, policyFilePath, readUpdatePolicy } from './policy.ts';

describe('the policy file', () => {
  it('lives where an administrator can place it on each platform', () => {
    expect(policyFilePath('linux', {})).toBe('/etc/lectern/policy.json');
    expect(policyFilePath('darwin', {})).toBe('/Library/Application Support/Lectern/policy.json');
    expect(policyFilePath('win32', { ProgramData: 'D:\\ProgramData' })).toBe(
      join('D:\\ProgramData', 'Lectern', 'policy.json'),
    );
  });

  it('absent: no policy; `checks: false` turns checks off; a feed mirror must be https', () => {
    const dir = tempDir('lectern-policy-');
    const file = join(dir, 'policy.json');
    expect(readUpdatePolicy(file)).toEqual({ kind: 'none' });

    writeFileSync(file, JSON.stringify({ updates: { checks: false } }));
    expect(readUpdatePolicy(file)).toEqual({ kind: 'set', file, checks: false, feedUrl: null });

    writeFileSync(file, JSON.stringify({ updates: { feedUrl: 'https://mirror.example.org/lectern/' } }));
    expect(readUpdatePolicy(file)).toEqual({
      kind: 'set',
      file,
      checks: true,
      feedUrl: 'https://mirror.example.org/lectern/',
    });

    writeFileSync(file, JSON.stringify({ updates: { feedUrl: 'http://mirror.example.org/' } }));
    expect(readUpdatePolicy(file)).toMatchObject({ kind: 'unreadable', file });
  });

  it('a file that exists but cannot be understood is unreadable (checks stay off), never ignored', () => {
    const dir = tempDir('lectern-policy-');
    const file = join(dir, 'policy.json');
    writeFileSync(file, '{ "updates": { "checks": fals ');
    expect(readUpdatePolicy(file)).toMatchObject({ kind: 'unreadable', file });
    writeFileSync(file, JSON.stringify({ updates: { check: false } })); // a misspelt key
    expect(readUpdatePolicy(file)).toMatchObject({ kind: 'unreadable', file });
    mkdirSync(join(dir, 'folder.json'));
    expect(readUpdatePolicy(join(dir, 'folder.json'))).toMatchObject({ kind: 'unreadable' });
  });
});

describe('the user’s setting', () => {
  it('checks automatically until turned off, and remembers it', () => {
    const file = join(tempDir('lectern-settings-'), 'updates', 'settings.json');
    expect(createSettingsStore(file).read()).toEqual({ automatic: true });
    createSettingsStore(file).write({ automatic: false });
    expect(createSettingsStore(file).read()).toEqual({ automatic: false });
    writeFileSync(file, 'damaged');
    expect(createSettingsStore(file).read()).toEqual({ automatic: true });
  });
});

describe('how this copy was installed', () => {
  it('self-updating on Windows, macOS and as an AppImage; a .deb by its package manager; from source not at all', () => {
    const resources = tempDir('lectern-resources-');
    const facts = { isPackaged: true, resourcesPath: resources, env: {} };
    expect(installKind({ ...facts, isPackaged: false, platform: 'win32' })).toBe('none');
    expect(installKind({ ...facts, platform: 'win32' })).toBe('self');
    expect(installKind({ ...facts, platform: 'darwin' })).toBe('self');
    expect(installKind({ ...facts, platform: 'linux', env: { APPIMAGE: '/home/a/Lectern.AppImage' } })).toBe('self');
    expect(installKind({ ...facts, platform: 'linux' })).toBe('none');
    writeFileSync(join(resources, 'package-type'), 'deb\n');
    expect(installKind({ ...facts, platform: 'linux' })).toBe('manual');
  });
});
