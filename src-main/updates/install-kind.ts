/**
 * Main process / plain Node. How this copy of Lectern was installed, which decides how it updates
 * (ports.ts, InstallKind). electron-builder marks a Linux package by a `package-type` file in the
 * resources folder (deb, rpm, pacman); an AppImage runs with APPIMAGE set to its own file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstallKind } from './ports.ts';

export interface InstallFacts {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  /** Electron's process.resourcesPath (absent under plain Node). */
  resourcesPath: string | undefined;
  env: NodeJS.ProcessEnv;
}

export function installKind(facts: InstallFacts): InstallKind {
  if (!facts.isPackaged) return 'none';
  if (facts.platform === 'win32' || facts.platform === 'darwin') return 'self';
  if (facts.env['APPIMAGE']) return 'self';
  if (packageType(facts.resourcesPath) !== null) return 'manual';
  return 'none';
}

/** `deb` (or `rpm`, `pacman`) for a system package, null for anything else. */
export function packageType(resourcesPath: string | undefined): string | null {
  if (!resourcesPath) return null;
  try {
    return readFileSync(join(resourcesPath, 'package-type'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
