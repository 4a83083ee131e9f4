// Tests (plain Node): the shipping configuration as far as a machine without Electron's release
// zips can check it: the electron-builder config object, the fuse settings, and the afterPack hook
// flipping a fuse wire with the real @electron/fuses (in a stand-in binary carrying Electron's
// sentinel, since no Electron binary exists here).
import { existsSync, writeFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../src-main/test-support/index.ts';
import { BUILDER_CONFIG, KEYTAR_NATIVE } from './builder-config.ts';
import { flipLecternFuses, FUSES, packedBinaryPath } from './fuses.ts';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('electron-builder configuration', () => {
  it('builds deb and AppImage, dmg, nsis from the built app only, packed in an asar', () => {
    expect(BUILDER_CONFIG.linux.target).toEqual(['deb', 'AppImage']);
    expect(BUILDER_CONFIG.mac.target).toEqual(['dmg']);
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
