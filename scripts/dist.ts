/**
 * `npm run dist` (Node 24): packages the built app (run `electron-vite build` first; the npm script
 * does) with electron-builder for the current platform: deb + AppImage on Linux, dmg on macOS,
 * nsis on Windows, into dist/. electron-builder downloads Electron's release zip for the target
 * platform: this needs internet access, or a filled electron cache (ELECTRON_CACHE /
 * ~/.cache/electron). keytar is N-API with prebuilt binaries, so nothing native is rebuilt. Options after `--` pick other targets,
 * e.g. `npm run dist -- --linux deb`. Beside the installers it writes the update feed's files
 * (latest*.yml with each file's sha512, and blockmaps); `--publish` also uploads them where the
 * builder config's `publish` points (GitHub releases need GH_TOKEN; a generic feed is copied by hand).
 */
import { build, Platform } from 'electron-builder';
import { BUILDER_CONFIG } from './packaging/builder-config.ts';

const args = process.argv.slice(2);
const platformFlag = ['--linux', '--mac', '--win'].find((flag) => args.includes(flag));
const platform =
  platformFlag === '--linux'
    ? Platform.LINUX
    : platformFlag === '--mac'
      ? Platform.MAC
      : platformFlag === '--win'
        ? Platform.WINDOWS
        : Platform.current();
const onlyTargets = args.filter((arg) => !arg.startsWith('--'));

try {
  const artifacts = await build({
    targets: platform.createTarget(onlyTargets.length > 0 ? onlyTargets : undefined),
    config: BUILDER_CONFIG,
    publish: args.includes('--publish') ? 'always' : 'never',
  });
  console.log(artifacts.join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(
    'Packaging needs Electron’s release zip for the target platform (downloaded by electron-builder, or from ' +
      'ELECTRON_CACHE, e.g. ~/.cache/electron).',
  );
  process.exit(1);
}
