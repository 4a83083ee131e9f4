/**
 * Main process / plain Node. Every sentence the update service says, in one place, through the
 * message catalogue: each is read when it is said (getters and functions), so it comes in the
 * app's language at that moment. Each is one sentence the status line shows as it is.
 */
import type { BusyWork } from '../../src-shared/updates.ts';
import { t } from '../i18n/index.ts';

function waitingFor(work: BusyWork): string {
  const parts = [
    work.uploads > 0 ? t({ id: 'updates.main.waitUploads', defaultMessage: 'your uploads finish' }) : null,
    work.pushing ? t({ id: 'updates.main.waitPush', defaultMessage: 'your folder push finishes' }) : null,
    work.sending > 0 ? t({ id: 'updates.main.waitSending', defaultMessage: 'your changes are sent' }) : null,
  ].filter((part): part is string => part !== null);
  const [first, second, third] = parts;
  if (first === undefined) return t({ id: 'updates.main.waitNothing', defaultMessage: 'nothing is running' });
  if (second === undefined) return first;
  if (third === undefined)
    return t({ id: 'updates.main.waitTwo', defaultMessage: '{first} and {second}' }, { first, second });
  return t({ id: 'updates.main.waitThree', defaultMessage: '{first}, {second} and {third}' }, { first, second, third });
}

export const updateMessages = {
  get offBySetting() {
    return t({
      id: 'updates.main.offBySetting',
      defaultMessage: 'Automatic update checks are off; “Check now” looks once.',
    });
  },
  offByPolicy: (file: string) =>
    t(
      { id: 'updates.main.offByPolicy', defaultMessage: 'Your administrator turned update checks off ({file}).' },
      { file },
    ),
  policyUnreadable: (file: string) =>
    t(
      {
        id: 'updates.main.policyUnreadable',
        defaultMessage: 'The update policy file {file} could not be read, so update checks stay off.',
      },
      { file },
    ),
  get unsupported() {
    return t({
      id: 'updates.main.unsupported',
      defaultMessage: 'This copy of Lectern runs without an installer, so it does not update itself.',
    });
  },
  get notCheckedYet() {
    return t({
      id: 'updates.main.notCheckedYet',
      defaultMessage: 'Lectern checks for updates at start and every few hours.',
    });
  },
  upToDate: (version: string) =>
    t({ id: 'updates.main.upToDate', defaultMessage: 'Lectern {version} is up to date.' }, { version }),
  get checking() {
    return t({ id: 'updates.main.checking', defaultMessage: 'Checking for updates…' });
  },
  downloading: (version: string) =>
    t(
      { id: 'updates.main.downloading', defaultMessage: 'Downloading Lectern {version} in the background…' },
      { version },
    ),
  readyNow: (version: string) =>
    t(
      { id: 'updates.main.readyNow', defaultMessage: 'Lectern {version} is ready; Lectern restarts to install it.' },
      { version },
    ),
  readyWaiting: (work: BusyWork) =>
    t(
      { id: 'updates.main.readyWaiting', defaultMessage: 'Update ready — restarts when {waiting}.' },
      { waiting: waitingFor(work) },
    ),
  /** A .deb belongs to the package manager (root owns /opt/Lectern), so it says how instead. */
  availableDeb: (version: string) =>
    t(
      {
        id: 'updates.main.availableDeb',
        defaultMessage:
          'Lectern {version} is available. This copy was installed from a .deb package: install the new package with your package manager (sudo apt install ./lectern_{version}_amd64.deb), or wait for your organisation’s repository to offer it.',
      },
      { version },
    ),
  get unreachable() {
    return t({
      id: 'updates.main.unreachable',
      defaultMessage: 'Lectern could not reach its update server; it tries again by itself later.',
    });
  },
  get integrity() {
    return t({
      id: 'updates.main.integrity',
      defaultMessage:
        'The downloaded update did not match its published checksum, so it was discarded; Lectern tries again later.',
    });
  },
  get signature() {
    return t({
      id: 'updates.main.signature',
      defaultMessage:
        'The downloaded update was not signed by Lectern’s publisher, so it was discarded; Lectern tries again later.',
    });
  },
  otherFailure: (reason: string) =>
    t(
      {
        id: 'updates.main.otherFailure',
        defaultMessage: 'Checking for updates failed ({reason}); Lectern tries again later.',
      },
      { reason },
    ),
  restarting: (version: string) =>
    t(
      {
        id: 'updates.main.restarting',
        defaultMessage: 'Pausing uploads safely and restarting into Lectern {version}…',
      },
      { version },
    ),
  installFailed: (version: string, reason: string) =>
    t(
      {
        id: 'updates.main.installFailed',
        defaultMessage: 'Lectern {version} could not be installed ({reason}); your work carries on in this version.',
      },
      { version, reason },
    ),
  // Errors answered to an action (the renderer shows them where the action was).
  get noUpdateToInstall() {
    return t({ id: 'updates.main.noUpdateToInstall', defaultMessage: 'There is no downloaded update to install.' });
  },
  get lockedByPolicy() {
    return t({
      id: 'updates.main.lockedByPolicy',
      defaultMessage: 'Your administrator turned update checks off; this setting cannot turn them on.',
    });
  },
  get cannotCheck() {
    return t({ id: 'updates.main.cannotCheck', defaultMessage: 'This copy of Lectern cannot check for updates.' });
  },
};
