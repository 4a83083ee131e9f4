/**
 * Main process / plain Node. Every sentence the update service says, in one place (to move into
 * the message catalogue as a whole). Each is one sentence the status line shows as it is.
 */
import type { BusyWork } from '../../src-shared/updates.ts';

function waitingFor(work: BusyWork): string {
  const parts = [
    work.uploads > 0 ? 'your uploads finish' : null,
    work.pushing ? 'your folder push finishes' : null,
    work.sending > 0 ? 'your changes are sent' : null,
  ].filter((part): part is string => part !== null);
  if (parts.length <= 1) return parts[0] ?? 'nothing is running';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export const updateMessages = {
  offBySetting: 'Automatic update checks are off; “Check now” looks once.',
  offByPolicy: (file: string) => `Your administrator turned update checks off (${file}).`,
  policyUnreadable: (file: string) => `The update policy file ${file} could not be read, so update checks stay off.`,
  unsupported: 'This copy of Lectern runs without an installer, so it does not update itself.',
  notCheckedYet: 'Lectern checks for updates at start and every few hours.',
  upToDate: (version: string) => `Lectern ${version} is up to date.`,
  checking: 'Checking for updates…',
  downloading: (version: string) => `Downloading Lectern ${version} in the background…`,
  readyNow: (version: string) => `Lectern ${version} is ready; Lectern restarts to install it.`,
  readyWaiting: (work: BusyWork) => `Update ready — restarts when ${waitingFor(work)}.`,
  /** A .deb belongs to the package manager (root owns /opt/Lectern), so it says how instead. */
  availableDeb: (version: string) =>
    `Lectern ${version} is available. This copy was installed from a .deb package: install the new ` +
    `package with your package manager (sudo apt install ./lectern_${version}_amd64.deb), or wait for ` +
    'your organisation’s repository to offer it.',
  unreachable: 'Lectern could not reach its update server; it tries again by itself later.',
  integrity:
    'The downloaded update did not match its published checksum, so it was discarded; Lectern tries again later.',
  signature:
    'The downloaded update was not signed by Lectern’s publisher, so it was discarded; Lectern tries again later.',
  otherFailure: (reason: string) => `Checking for updates failed (${reason}); Lectern tries again later.`,
  restarting: (version: string) => `Pausing uploads safely and restarting into Lectern ${version}…`,
  installFailed: (version: string, reason: string) =>
    `Lectern ${version} could not be installed (${reason}); your work carries on in this version.`,
  // Errors answered to an action (the renderer shows them where the action was).
  noUpdateToInstall: 'There is no downloaded update to install.',
  lockedByPolicy: 'Your administrator turned update checks off; this setting cannot turn them on.',
  cannotCheck: 'This copy of Lectern cannot check for updates.',
} as const;
