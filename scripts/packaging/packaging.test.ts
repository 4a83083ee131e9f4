// Tests (plain Node): the shipping configuration as far as a machine without Electron's release
// zips can check it: the electron-builder config object, the fuse settings, and the afterPack hook
// flipping a fuse wire with the real @electron/fuses (in a stand-in binary carrying Electron's
// sentinel, since no Electron binary exists here).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../src-main/test-support/index.ts';
import {
  BUILDER_CONFIG,
  CLI_WRAPPER_DIR,
  DEFAULT_UPDATE_FEED,
  KEYTAR_NATIVE,
  publishConfig,
} from './builder-config.ts';
import { flipLecternFuses, FUSES, packedBinaryPath } from './fuses.ts';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('electron-builder configuration', () => {
  it('builds deb and AppImage, dmg, nsis from the built app only, packed in an asar', () => {
    expect(BUILDER_CONFIG.linux.target).toEqual(['deb', 'AppImage']);
    expect(BUILDER_CONFIG.mac.target).toEqual(['dmg', 'zip']); // the zip is what macOS updates from
    expect(BUILDER_CONFIG.win.target).toEqual(['nsis']);
    expect(BUILDER_CONFIG.asar).toBe(true);
    expect(BUILDER_CONFIG.files).toContain('out/**/*');
    expect(BUILDER_CONFIG.files.some((pattern) => /src-|scripts|e2e/.test(pattern))).toBe(false);
    expect(BUILDER_CONFIG.afterPack).toBe(flipLecternFuses);
    expect(BUILDER_CONFIG.electronFuses).toBeNull(); // flipped once, by our hook
  });

  it('unpacks keytar’s native modules, which are N-API prebuilds for every target (nothing to rebuild)', () => {
    expect(BUILDER_CONFIG.asarUnpack).toContain(KEYTAR_NATIVE);
    expect(BUILDER_CONFIG.npmRebuild).toBe(false);
    for (const target of ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64']) {
      const native = `node_modules/keytar/prebuilds/${target}/keytar.node`;
      expect(existsSync(native), native).toBe(true);
      expect(matchesGlob(native, KEYTAR_NATIVE)).toBe(true);
    }
    expect(matchesGlob('node_modules/keytar/build/Release/keytar.node', KEYTAR_NATIVE)).toBe(true);
    expect(matchesGlob('node_modules/keytar/lib/keytar.js', KEYTAR_NATIVE)).toBe(false);
  });
});

describe('updates', () => {
  it('publishes to a generic HTTPS feed by default, or to GitHub releases; never over plain HTTP', () => {
    expect(publishConfig({})).toEqual([{ provider: 'generic', url: DEFAULT_UPDATE_FEED, channel: 'latest' }]);
    expect(publishConfig({ LECTERN_UPDATE_URL: 'https://files.example.org/lectern/' })).toEqual([
      { provider: 'generic', url: 'https://files.example.org/lectern/', channel: 'latest' },
    ]);
    expect(() => publishConfig({ LECTERN_UPDATE_URL: 'http://files.example.org/lectern/' })).toThrow(/https/);
    expect(publishConfig({ LECTERN_UPDATE_GITHUB: 'lectern-app/lectern' })).toEqual([
      { provider: 'github', owner: 'lectern-app', repo: 'lectern', releaseType: 'release' },
    ]);
    expect(() => publishConfig({ LECTERN_UPDATE_GITHUB: 'lectern' })).toThrow(/owner\/repo/);
  });

  it('Windows checks the downloaded installer’s publisher signature before running it', () => {
    expect(BUILDER_CONFIG.win.verifyUpdateCodeSignature).toBe(true);
  });
});

describe('fuses', () => {
  it('every fuse is decided; the six that matter are set as required', () => {
    expect(FUSES.strictlyRequireAllFuses).toBe(true);
    expect(FUSES[FuseV1Options.RunAsNode]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(FUSES[FuseV1Options.EnableCookieEncryption]).toBe(true);
  });

  it('the packed binary is found where electron-builder puts it on each platform', () => {
    const base = { appOutDir: '/o', arch: 1, packager: { appInfo: { productFilename: 'Lectern' } } };
    expect(packedBinaryPath({ ...base, electronPlatformName: 'win32' })).toBe(join('/o', 'Lectern.exe'));
    expect(packedBinaryPath({ ...base, electronPlatformName: 'darwin' })).toBe(join('/o', 'Lectern.app'));
    expect(
      packedBinaryPath({
        ...base,
        electronPlatformName: 'linux',
        packager: { ...base.packager, executableName: 'lectern' },
      }),
    ).toBe(join('/o', 'lectern'));
  });

  it('the afterPack hook flips the fuse wire of the packed binary', async () => {
    const appOutDir = tempDir('lectern-pack-');
    // Electron's defaults: RunAsNode, NODE_OPTIONS and --inspect on; integrity checks off.
    const wire = Buffer.from([1, 9, 49, 48, 49, 49, 48, 48, 48, 49, 49]);
    const binary = join(appOutDir, 'lectern');
    writeFileSync(binary, Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(4096, 7)]));

    await flipLecternFuses({
      appOutDir,
      electronPlatformName: 'linux',
      arch: 1,
      packager: { appInfo: { productFilename: 'Lectern' }, executableName: 'lectern' },
    });

    const flipped = await getCurrentFuseWire(binary);
    const expected = (on: boolean) => (on ? FuseState.ENABLE : FuseState.DISABLE);
    for (const option of Object.values(FuseV1Options).filter((v): v is FuseV1Options => typeof v === 'number')) {
      expect(flipped[option], FuseV1Options[option]).toBe(expected(FUSES[option]));
    }
  });
});

describe('`lectern` on PATH for people who installed the app', () => {
  it('deb: electron-builder’s own after-install links /usr/bin/lectern to the binary, which routes CLI arguments', () => {
    expect(BUILDER_CONFIG.linux.executableName).toBe('lectern');
    expect('afterInstall' in BUILDER_CONFIG.deb).toBe(false); // ours would replace the link below
    const template = readFileSync('node_modules/app-builder-lib/templates/linux/after-install.tpl', 'utf8');
    expect(template).toContain("'/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'");
  });

  it('macOS: the wrapper ships in Resources/bin and runs the app binary with --cli, through a link as installed', () => {
    expect(BUILDER_CONFIG.mac.extraResources).toEqual([
      { from: 'resources/bin/lectern', to: `${CLI_WRAPPER_DIR}/lectern` },
    ]);
    expect(statSync('resources/bin/lectern').mode & 0o111).not.toBe(0);
    // A stand-in app bundle whose binary prints what it was given; /usr/local/bin is a temp folder.
    const root = tempDir('lectern-macos-');
    const contents = join(root, 'Lectern.app', 'Contents');
    mkdirSync(join(contents, 'MacOS'), { recursive: true });
    mkdirSync(join(contents, 'Resources', CLI_WRAPPER_DIR), { recursive: true });
    writeFileSync(join(contents, 'MacOS', 'Lectern'), '#!/bin/sh\nprintf "%s\\n" "$@"\nexit 3\n', { mode: 0o755 });
    copyFileSync('resources/bin/lectern', join(contents, 'Resources', CLI_WRAPPER_DIR, 'lectern'));
    chmodSync(join(contents, 'Resources', CLI_WRAPPER_DIR, 'lectern'), 0o755);
    mkdirSync(join(root, 'usr-local-bin'));
    symlinkSync(join(contents, 'Resources', CLI_WRAPPER_DIR, 'lectern'), join(root, 'usr-local-bin', 'lectern'));
    const run = spawnSync(join(root, 'usr-local-bin', 'lectern'), ['--json', 'courses', '--search', 'a b'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(3);
    expect(run.stdout.split('\n')).toEqual(['--cli', '--json', 'courses', '--search', 'a b', '']);
  });

  it('Windows: lectern.cmd ships in resources\\bin, and the installer puts that folder on the user’s PATH and takes it off', () => {
    expect(BUILDER_CONFIG.win.extraResources).toEqual([
      { from: 'resources/bin/lectern.cmd', to: `${CLI_WRAPPER_DIR}/lectern.cmd` },
    ]);
    expect(readFileSync('resources/bin/lectern.cmd', 'utf8')).toContain('"%~dp0..\\..\\Lectern.exe" --cli %*');
    expect(BUILDER_CONFIG.nsis.include).toBe('resources/installer.nsh');
    const script = readFileSync(BUILDER_CONFIG.nsis.include, 'utf8');
    expect(script).toContain(`!define LECTERN_CLI_DIR "$INSTDIR\\resources\\${CLI_WRAPPER_DIR}"`);
    const macro = (name: string) =>
      /!macro (\w+)\n([\s\S]*?)!macroend/g.exec(script.slice(script.indexOf(`!macro ${name}\n`)))?.[2] ?? '';
    expect(macro('customInstall')).toMatch(/WriteRegExpandStr HKCU "Environment" "Path" "\$0"/);
    expect(macro('customInstall')).toContain('StrCpy $0 "$0;${LECTERN_CLI_DIR}"');
    expect(macro('customUnInstall')).toContain('${un.WordReplace} "$0" ";${LECTERN_CLI_DIR}" "" "+" $0');
    expect(macro('customUnInstall')).toMatch(/WriteRegExpandStr HKCU "Environment" "Path" "\$0"/);
  });
});
