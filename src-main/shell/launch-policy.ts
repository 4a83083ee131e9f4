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
  /** `process.platform`: Windows also takes `/switch` (default: this process's platform). */
  platform?: NodeJS.Platform;
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

/**
 * Switches that open the running app to other processes; Electron honours them even packaged.
 * Matched by name after normalising (see `switchName`); a name ending in `*` matches any suffix.
 */
const DEBUG_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect*',
  'debug*',
  'js-flags',
];

/**
 * The switch an argument names the way Chromium's and Node's parsers read it: prefix `--` or `-`
 * (and `/` on Windows), any case, with or without `=value`. Null when it names none.
 */
export function switchName(arg: string, platform: NodeJS.Platform): string | null {
  const prefix = /^(--?)/.exec(arg)?.[1] ?? (platform === 'win32' && arg.startsWith('/') ? '/' : null);
  if (!prefix) return null;
  const name = arg.slice(prefix.length).split('=')[0]!.trim().toLowerCase();
  return name.length > 0 ? name : null;
}

function isDebugSwitch(name: string): boolean {
  return DEBUG_SWITCHES.some((flag) => (flag.endsWith('*') ? name.startsWith(flag.slice(0, -1)) : name === flag));
}

/** Every argument that names a debugging switch, as its normalised name (a separate value is no switch). */
export function debugSwitchesIn(argv: readonly string[], platform: NodeJS.Platform): string[] {
  // argv[0] is the executable itself.
  return argv
    .slice(1)
    .map((arg) => switchName(arg, platform))
    .filter((name): name is string => name !== null && isDebugSwitch(name));
}

/**
 * NODE_OPTIONS split into arguments the way Node does (ParseNodeOptionsEnvVar in node_options.cc):
 * spaces separate, double quotes group and are dropped, a backslash inside quotes takes the next
 * character as it is. An unterminated quote (which Node refuses) still yields what it read.
 */
export function nodeOptionsArgs(value: string): string[] {
  const args: string[] = [];
  let quoted = false;
  let startNew = true;
  for (let i = 0; i < value.length; i++) {
    let c = value[i]!;
    if (c === '\\' && quoted) {
      if (i + 1 === value.length) break;
      c = value[++i]!;
    } else if (c === ' ' && !quoted) {
      startNew = true;
      continue;
    } else if (c === '"') {
      quoted = !quoted;
      continue;
    }
    if (startNew) args.push(c);
    else args[args.length - 1] += c;
    startNew = false;
  }
  return args;
}

export function decideLaunch({
  isPackaged,
  env,
  argv,
  platform = process.platform,
  isCliCommand = () => false,
}: LaunchInputs): LaunchPolicy {
  const fromEnv = env['ELECTRON_RENDERER_URL'];
  const devUrl = !isPackaged && fromEnv ? fromEnv : null;
  const devOrigin = devUrl ? originOf(devUrl) : null;
  const ignored: string[] = [];
  if (isPackaged && fromEnv) ignored.push('ELECTRON_RENDERER_URL');
  // NODE_OPTIONS carries Node's own switches (`--inspect`) into the main process the same way,
  // split as Node splits it (`"--inspect=0"` is --inspect to Node, so it must be to this check).
  // Other whitespace is no separator to Node; split on it too, so no tab hides a switch from this check.
  const nodeOptions = ['node', ...nodeOptionsArgs(env['NODE_OPTIONS'] ?? '').flatMap((arg) => arg.split(/\s+/))];
  const debug = isPackaged
    ? [...new Set([...debugSwitchesIn(argv, platform), ...debugSwitchesIn(nodeOptions, platform)])]
    : [];
  return {
    startUrl: devUrl && devOrigin ? devUrl : `${APP_ORIGIN}/index.html`,
    appOrigin: devOrigin ?? APP_ORIGIN,
    devServer: devOrigin !== null,
    devTools: !isPackaged,
    ignored,
    refusal:
      debug.length > 0
        ? `Lectern does not start with debugging switches (${debug.map((d) => `--${d}`).join(', ')}): ` +
          'they would let other programs control it and read what it shows.'
        : null,
    // Packaged: [binary, ...args]; unpackaged: [electron, appPath, ...args].
    cliArgs: cliArgsOf(argv.slice(isPackaged ? 1 : 2), isCliCommand),
  };
}
