/**
 * Renderer. Every word the update surface shows, in one place (main's own sentences about where
 * the update stands arrive in `status.message`, src-main/updates/messages.ts).
 */
import { defineMessages } from 'react-intl';

// defineMessages, so extraction finds them; said with t() at render time in the app's language.
export const updateWords = defineMessages({
  title: { id: 'updates.title', defaultMessage: 'Updates' },
  current: { id: 'updates.current', defaultMessage: 'This is Lectern {version}.' },
  lastChecked: { id: 'updates.lastChecked', defaultMessage: 'Last checked {time}.' },
  nextCheck: { id: 'updates.nextCheck', defaultMessage: 'Next check {time}.' },
  checkNow: { id: 'updates.checkNow', defaultMessage: 'Check now' },
  checking: { id: 'updates.checking', defaultMessage: 'Checking…' },
  restartNow: { id: 'updates.restartNow', defaultMessage: 'Restart now' },
  restartHint: {
    id: 'updates.restartHint',
    defaultMessage: 'Restart now pauses your uploads safely first; they carry on after the restart.',
  },
  automatic: { id: 'updates.automatic', defaultMessage: 'Check for updates automatically' },
  lockedByPolicy: {
    id: 'updates.lockedByPolicy',
    defaultMessage: 'Your administrator manages updates on this computer.',
  },
  downloading: { id: 'updates.downloading', defaultMessage: 'Downloading update… {percent, number}%' },
  progressLabel: { id: 'updates.progressLabel', defaultMessage: 'Update download' },
  available: { id: 'updates.available', defaultMessage: 'Lectern {version} is available' },
});
