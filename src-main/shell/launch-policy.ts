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

export function decideLaunch({ isPackaged, env, argv }: LaunchInputs): LaunchPolicy {
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
  };
}
