/**
 * Build time (Node). electron-builder's configuration for `npm run dist`: deb and AppImage on
 * Linux, dmg on macOS, nsis on Windows; the app packed into an asar with keytar's native module
 * unpacked (a .node file cannot be loaded from inside an asar); fuses flipped after packing.
 * `lectern` on PATH for installed apps (the app's binary runs the CLI itself, src-main/index.ts):
 * the deb's /usr/bin/lectern is electron-builder's own link to the binary (executableName); macOS
 * and Windows ship a small wrapper in resources/bin that passes --cli, linked into /usr/local/bin
 * by the app's menu (macOS) or put on the user's PATH by the installer (resources/installer.nsh).
 * Updates (src-main/updates): `publish` names the feed electron-builder writes into the app
 * (resources/app-update.yml) and describes in dist/latest*.yml; macOS updates from the zip beside
 * the dmg (Squirrel.Mac installs from a zip only).
 */
import type { Configuration } from 'electron-builder';
import { flipLecternFuses } from './fuses.ts';

/** keytar is installed under its alias name (package.json: "keytar": "npm:@github/keytar@…"). */
export const KEYTAR_NATIVE = 'node_modules/keytar/**/*.node';

/** Where the CLI wrappers land inside the installed app's resources folder. */
export const CLI_WRAPPER_DIR = 'bin';

/** The project's own update feed (a plain HTTPS folder holding latest*.yml and the files they name). */
export const DEFAULT_UPDATE_FEED = 'https://updates.lectern.app/desktop/';

type PublishConfig =
  | { provider: 'generic'; url: string; channel: 'latest' }
  | { provider: 'github'; owner: string; repo: string; releaseType: 'release' };

/**
 * Where installed copies look for updates, chosen at build time: a generic HTTPS feed
 * (LECTERN_UPDATE_URL, default DEFAULT_UPDATE_FEED), or GitHub releases (LECTERN_UPDATE_GITHUB=owner/repo).
 */
export function publishConfig(env: NodeJS.ProcessEnv): PublishConfig[] {
  const github = env['LECTERN_UPDATE_GITHUB'];
  if (github) {
    const [owner, repo, ...rest] = github.split('/');
    if (!owner || !repo || rest.length > 0) throw new Error(`LECTERN_UPDATE_GITHUB must be owner/repo, not ${github}`);
    return [{ provider: 'github', owner, repo, releaseType: 'release' }];
  }
  const url = env['LECTERN_UPDATE_URL'] || DEFAULT_UPDATE_FEED;
  // An update is code the app will run: it never comes over plain HTTP.
  if (new URL(url).protocol !== 'https:') throw new Error(`The update feed must be an https:// address, not ${url}`);
  return [{ provider: 'generic', url, channel: 'latest' }];
}

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
  publish: publishConfig(process.env),
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
    target: ['dmg', 'zip'],
    category: 'public.app-category.education',
    hardenedRuntime: true,
    extraResources: [{ from: 'resources/bin/lectern', to: `${CLI_WRAPPER_DIR}/lectern` }],
  },
  win: {
    target: ['nsis'],
    // The downloaded installer must carry an Authenticode signature by the publisher named in the
    // signing certificate (electron-builder writes it into app-update.yml as publisherName).
    verifyUpdateCodeSignature: true,
    extraResources: [{ from: 'resources/bin/lectern.cmd', to: `${CLI_WRAPPER_DIR}/lectern.cmd` }],
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    include: 'resources/installer.nsh',
  },
} satisfies Configuration;
