/**
 * Build time (Node). electron-builder's configuration for `npm run dist`: deb and AppImage on
 * Linux, dmg on macOS, nsis on Windows; the app packed into an asar with keytar's native module
 * unpacked (a .node file cannot be loaded from inside an asar); fuses flipped after packing.
 * `lectern` on PATH for installed apps (the app's binary runs the CLI itself, src-main/index.ts):
 * the deb's /usr/bin/lectern is electron-builder's own link to the binary (executableName); macOS
 * and Windows ship a small wrapper in resources/bin that passes --cli, linked into /usr/local/bin
 * by the app's menu (macOS) or put on the user's PATH by the installer (resources/installer.nsh).
 */
import type { Configuration } from 'electron-builder';
import { flipLecternFuses } from './fuses.ts';

/** keytar is installed under its alias name (package.json: "keytar": "npm:@github/keytar@…"). */
export const KEYTAR_NATIVE = 'node_modules/keytar/**/*.node';

/** Where the CLI wrappers land inside the installed app's resources folder. */
export const CLI_WRAPPER_DIR = 'bin';

export const BUILDER_CONFIG = {
  appId: 'app.lectern.desktop',
  productName: 'Lectern',
  copyright: 'Lectern',
  directories: { output: 'dist', buildResources: 'resources' },
  // Only the built app (electron-vite's out/) and package.json; dependencies are added by
  // electron-builder from package.json's production dependencies.
  files: ['out/**/*', '!out/**/*.map', 'package.json'],
  asar: true,
  asarUnpack: [KEYTAR_NATIVE],
  // keytar is an N-API module with prebuilt binaries for every target (node_modules/keytar/prebuilds):
  // it loads in Electron as built, so nothing is rebuilt (a rebuild would also replace the build
  // the Node-side tests use, and needs Electron's headers from the network).
  npmRebuild: false,
  // Fuses are flipped by our own hook (fuses.ts), not a second time by electron-builder.
  electronFuses: null,
  afterPack: flipLecternFuses,
  linux: {
    target: ['deb', 'AppImage'],
    category: 'Education',
    // Also the command's name: the deb's after-install links /usr/bin/lectern to this binary.
    executableName: 'lectern',
    maintainer: 'Lectern maintainers',
    synopsis: 'Desktop content authoring for the Learning Content External API',
  },
  deb: { depends: ['libsecret-1-0'] },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.education',
    hardenedRuntime: true,
    extraResources: [{ from: 'resources/bin/lectern', to: `${CLI_WRAPPER_DIR}/lectern` }],
  },
  win: {
    target: ['nsis'],
    extraResources: [{ from: 'resources/bin/lectern.cmd', to: `${CLI_WRAPPER_DIR}/lectern.cmd` }],
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    include: 'resources/installer.nsh',
  },
} satisfies Configuration;
