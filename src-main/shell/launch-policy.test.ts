// Tests (plain Node): what the Electron entry takes from its environment and command line.
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, decideLaunch, nodeOptionsArgs } from './launch-policy.ts';

const DEV_URL = 'http://localhost:5173/';

describe('launch policy', () => {
  it('unpackaged: ELECTRON_RENDERER_URL is the start URL and the trusted origin; DevTools allowed', () => {
    const policy = decideLaunch({ isPackaged: false, env: { ELECTRON_RENDERER_URL: DEV_URL }, argv: [] });
    expect(policy).toMatchObject({
      startUrl: DEV_URL,
      appOrigin: 'http://localhost:5173',
      devServer: true,
      devTools: true,
      ignored: [],
      refusal: null,
    });
  });

  it('packaged: ELECTRON_RENDERER_URL is ignored (app:// stays the only trusted origin, strict CSP); no DevTools', () => {
    const policy = decideLaunch({
      isPackaged: true,
      env: { ELECTRON_RENDERER_URL: 'https://evil.example/' },
      argv: [],
    });
    expect(policy).toMatchObject({
      startUrl: `${APP_ORIGIN}/index.html`,
      appOrigin: APP_ORIGIN,
      devServer: false,
      devTools: false,
      ignored: ['ELECTRON_RENDERER_URL'],
      refusal: null,
    });
  });

  it('packaged: debugging switches stop the launch; unpackaged they are the developer’s business', () => {
    for (const flag of ['--remote-debugging-port=9222', '--remote-debugging-pipe', '--inspect=9229', '--inspect-brk']) {
      const packaged = decideLaunch({ isPackaged: true, env: {}, argv: ['/opt/Lectern/lectern', flag] });
      expect(packaged.refusal, flag).toMatch(/does not start with debugging switches/);
      expect(decideLaunch({ isPackaged: false, env: {}, argv: ['electron', '.', flag] }).refusal).toBeNull();
    }
    expect(
      decideLaunch({ isPackaged: true, env: {}, argv: ['/opt/Lectern/lectern', '--no-sandbox-x'] }).refusal,
    ).toBeNull();
  });

  it('packaged: every spelling Chromium or Node reads as a debugging switch is refused', () => {
    const names = [
      'remote-debugging-port',
      'remote-debugging-pipe',
      'remote-debugging-address',
      'remote-allow-origins',
      'inspect',
      'inspect-brk',
      'inspect-port',
      'inspect-publish-uid',
      'js-flags',
      'debug',
    ];
    for (const name of names) {
      const upper = name.toUpperCase();
      const mixed = name.charAt(0).toUpperCase() + name.slice(1);
      const spellings: [string[], NodeJS.Platform][] = [
        [[`--${name}`], 'linux'],
        [[`-${name}`], 'linux'],
        [[`--${name}=9222`], 'linux'],
        [[`-${name}=*`], 'linux'],
        [[`--${name}`, '9222'], 'linux'],
        [[`--${upper}=1`], 'linux'],
        [[`-${mixed}`], 'darwin'],
        [[`/${name}`], 'win32'],
        [[`/${upper}=9222`], 'win32'],
        [[`--${mixed}`, 'x'], 'win32'],
      ];
      for (const [args, platform] of spellings) {
        const policy = decideLaunch({ isPackaged: true, env: {}, argv: ['/opt/Lectern/lectern', ...args], platform });
        expect(policy.refusal, `${platform} ${args.join(' ')}`).toMatch(/does not start with debugging switches/);
      }
    }
    // NODE_OPTIONS reaches Node's own parser.
    expect(
      decideLaunch({ isPackaged: true, env: { NODE_OPTIONS: '--max-old-space-size=4096 --inspect' }, argv: ['x'] })
        .refusal,
    ).toMatch(/--inspect/);
  });

  it('packaged: NODE_OPTIONS is split as Node splits it, so a quoted debugging switch is refused too', () => {
    for (const value of [
      '"--inspect=0"',
      '--max-old-space-size=4096 "--inspect-brk=9229"',
      '"--ins"pect',
      '"--insp\\ect"',
      '--title="my app" "--debug-port=1"',
      '--max-old-space-size=64\t--inspect',
    ]) {
      const policy = decideLaunch({ isPackaged: true, env: { NODE_OPTIONS: value }, argv: ['x'] });
      expect(policy.refusal, value).toMatch(/does not start with debugging switches \(--(inspect|debug)/);
    }
    for (const value of ['--max-old-space-size=4096', '"--title=inspect me"', '--enable-source-maps "--no-warnings"']) {
      expect(decideLaunch({ isPackaged: true, env: { NODE_OPTIONS: value }, argv: ['x'] }).refusal, value).toBeNull();
    }
  });

  it('nodeOptionsArgs: spaces split, double quotes group and go, a backslash in quotes escapes', () => {
    expect(nodeOptionsArgs('"--inspect=0"')).toEqual(['--inspect=0']);
    expect(nodeOptionsArgs('  --a   --b ')).toEqual(['--a', '--b']);
    expect(nodeOptionsArgs('--require "./my \\"file\\".js" --x')).toEqual(['--require', './my "file".js', '--x']);
    expect(nodeOptionsArgs('"--ins"pect=1')).toEqual(['--inspect=1']);
    expect(nodeOptionsArgs('')).toEqual([]);
  });

  it('packaged: ordinary arguments and look-alikes start normally', () => {
    for (const [args, platform] of [
      [['/home/me/lessons/inspect.mp4'], 'linux'],
      [['/inspect'], 'linux'], // a path on Linux, not a switch
      [['--no-sandbox-x', '--lang=de'], 'linux'],
      [['--remote-debugging'], 'linux'],
      [['C:\\videos\\debug.mp4'], 'win32'],
    ] as [string[], NodeJS.Platform][]) {
      const policy = decideLaunch({ isPackaged: true, env: {}, argv: ['/opt/Lectern/lectern', ...args], platform });
      expect(policy.refusal, args.join(' ')).toBeNull();
    }
  });

  it('an unparsable dev URL falls back to the app itself', () => {
    const policy = decideLaunch({ isPackaged: false, env: { ELECTRON_RENDERER_URL: 'not a url' }, argv: [] });
    expect(policy).toMatchObject({ startUrl: `${APP_ORIGIN}/index.html`, appOrigin: APP_ORIGIN, devServer: false });
  });

  it('a `lectern` command line is routed to the CLI; anything else starts the app', () => {
    const isCliCommand = (name: string) => ['courses', 'upload'].includes(name);
    const cli = (isPackaged: boolean, argv: string[]) =>
      decideLaunch({ isPackaged, env: {}, argv, isCliCommand }).cliArgs;
    const bin = '/opt/Lectern/lectern';
    expect(cli(true, [bin, 'courses', '--json'])).toEqual(['courses', '--json']);
    expect(cli(true, [bin, '--cli', '--json', 'courses'])).toEqual(['--json', 'courses']);
    expect(cli(true, [bin, '--cli'])).toEqual([]);
    expect(cli(true, [bin, '--base-url=https://x', 'courses'])).toEqual(['--base-url=https://x', 'courses']);
    expect(cli(true, [bin, '--profile', 'Work', 'upload', 'a.mp4'])).toEqual(['--profile', 'Work', 'upload', 'a.mp4']);
    expect(cli(true, [bin, '-h'])).toEqual(['-h']);
    // Unpackaged, the app path comes first.
    expect(cli(false, ['electron', '.', 'help'])).toEqual(['help']);
    expect(cli(false, ['electron', '.'])).toBeNull();
    for (const argv of [[bin], [bin, '--no-sandbox'], [bin, '-psn_0_1234'], [bin, 'frobnicate'], [bin, 'lesson.mp4']])
      expect(cli(true, argv), argv.join(' ')).toBeNull();
    // Without the command list nothing but the marker is routed.
    expect(decideLaunch({ isPackaged: true, env: {}, argv: [bin, 'courses'] }).cliArgs).toBeNull();
  });
});
