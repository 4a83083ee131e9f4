/**
 * Main process / plain Node (no electron import, so it is tested under Node). What the Electron
 * entry may take from its environment and command line. A packaged build trusts only itself: a
 * dev-server URL would become the trusted IPC origin with a looser CSP, and a remote-debugging
 * switch would hand the renderer (and its bridge) to any local process.
 */
import { originOf } from '../ipc/index.ts';

export const APP_ORIGIN = 'app://lectern';

export interface LaunchInputs {
  isPackaged: boolean;
  env: Readonly<Record<string, string | undefined>>;
  argv: readonly string[];
  /** True for a `lectern` command name (cli/index.ts); without it nothing is routed to the CLI. */
  isCliCommand?: (name: string) => boolean;
}

export interface LaunchPolicy {
  /** Where the window loads from, and the one origin IPC and navigation accept. */
  startUrl: string;
  appOrigin: string;
  /** Vite's dev server: only unpackaged, and it loosens the CSP for HMR. */
  devServer: boolean;
  devTools: boolean;
  /** Dev-only inputs that were present and ignored (logged, not fatal). */
  ignored: string[];
  /** Set when the app must not start at all: a message for the user. */
  refusal: string | null;
  /** Started as `lectern …` from a terminal: the command line to run instead of the app (no window). */
  cliArgs: string[] | null;
}

/** What the installed `lectern` wrappers put first (resources/bin): everything after it is the CLI's. */
export const CLI_MARKER = '--cli';

/** The CLI's own global options (cli/globals.ts) that may come before the command name. */
const CLI_GLOBAL_FLAGS = ['--base-url', '--json', '--page', '--page-size', '--data-dir', '--profile', '--strict'];

/**
 * The arguments after the binary (and, unpackaged, after the app path) are a `lectern` command line
 * when they start with the marker, a command name, `help`/`--help`/`-h` or a CLI global option:
 * the deb's /usr/bin/lectern links straight to the binary, so `lectern courses` arrives as is. Anything
 * else (nothing, Chromium switches, macOS's -psn_…) starts the app.
 */
function cliArgsOf(args: readonly string[], isCliCommand: (name: string) => boolean): string[] | null {
  const [first] = args;
  if (first === undefined) return null;
  if (first === CLI_MARKER) return args.slice(1);
  const flag = first.split('=')[0]!;
  const isCli = isCliCommand(first) || ['help', '--help', '-h'].includes(first) || CLI_GLOBAL_FLAGS.includes(flag);
  return isCli ? [...args] : null;
}

/** Chromium switches that open the running app to other processes; Electron honours them even packaged. */
const DEBUG_SWITCHES = [
  '--remote-debugging-port',
  '--remote-debugging-pipe',
  '--remote-debugging-address',
  '--inspect',
  '--inspect-brk',
  '--inspect-port',
  '--debug',
];

function isDebugSwitch(arg: string): boolean {
  return DEBUG_SWITCHES.some((flag) => arg === flag || arg.startsWith(`${flag}=`));
}

export function decideLaunch({ isPackaged, env, argv, isCliCommand = () => false }: LaunchInputs): LaunchPolicy {
  const fromEnv = env['ELECTRON_RENDERER_URL'];
  const devUrl = !isPackaged && fromEnv ? fromEnv : null;
  const devOrigin = devUrl ? originOf(devUrl) : null;
  const ignored: string[] = [];
  if (isPackaged && fromEnv) ignored.push('ELECTRON_RENDERER_URL');
  const debug = isPackaged ? argv.filter(isDebugSwitch) : [];
  return {
    startUrl: devUrl && devOrigin ? devUrl : `${APP_ORIGIN}/index.html`,
    appOrigin: devOrigin ?? APP_ORIGIN,
    devServer: devOrigin !== null,
    devTools: !isPackaged,
    ignored,
    refusal:
      debug.length > 0
        ? `Lectern does not start with debugging switches (${debug.map((d) => d.split('=')[0]).join(', ')}): ` +
          'they would let other programs control it and read what it shows.'
        : null,
    // Packaged: [binary, ...args]; unpackaged: [electron, appPath, ...args].
    cliArgs: cliArgsOf(argv.slice(isPackaged ? 1 : 2), isCliCommand),
  };
}
