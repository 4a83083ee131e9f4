/**
 * Build time (Node). The Electron fuses every packaged Lectern carries, and the electron-builder
 * afterPack hook that flips them in the packed binary before it is signed and wrapped into
 * deb / AppImage / dmg / nsis. Fuses are baked into the binary: no environment variable or
 * command-line switch can turn them back on.
 */
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

export const FUSES = {
  version: FuseVersion.V1,
  // Every fuse decided, so an Electron upgrade that adds one fails the build until it is decided too.
  strictlyRequireAllFuses: true,
  /** ELECTRON_RUN_AS_NODE would turn the signed app into a general-purpose Node. */
  [FuseV1Options.RunAsNode]: false,
  /** Cookies (the bridge has none in Electron, but Chromium's own) encrypted with the OS keychain. */
  [FuseV1Options.EnableCookieEncryption]: true,
  /** NODE_OPTIONS could preload code into main. */
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  /** --inspect and friends would open main to a debugger. */
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  /** The app.asar must match the hash recorded at build time… */
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  /** …and is the only place code is loaded from (no loose app/ folder next to it). */
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  /** The renderer is served from app://, never file://: file:// needs no extra privileges. */
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
} satisfies FuseV1Config;

/** The part of electron-builder's AfterPackContext the hook reads. */
export interface PackedApp {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

/** Where the packed Electron binary is (for macOS the .app bundle, which @electron/fuses resolves). */
export function packedBinaryPath(context: PackedApp): string {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${name}.exe`);
  return join(appOutDir, packager.executableName ?? name.toLowerCase());
}

/** electron-builder's Arch enum: arm64 = 3. */
const ARCH_ARM64 = 3;

/** electron-builder `afterPack` hook. */
export async function flipLecternFuses(context: PackedApp): Promise<void> {
  await flipFuses(packedBinaryPath(context), {
    ...FUSES,
    // Flipping fuses breaks the ad-hoc signature arm64 macOS requires; re-sign it ad hoc.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARCH_ARM64,
  });
}
