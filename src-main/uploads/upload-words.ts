// Main process / plain Node. The upload engine's sentences that reach the screens (a file that
// cannot be uploaded, where the same video already is, why an upload starts again), said in the
// app's language when they are made (main's t(); the CLI's stay English). File names, titles and
// days are data put into them.
import { t } from '../i18n/index.ts';
import { defineMessages } from '../../src-shared/messages.ts';
import type { UploadState } from '../../src-shared/index.ts';

const messages = defineMessages({
  notFound: { id: 'uploads.words.notFound', defaultMessage: '{name} was not found.' },
  unreadableWithCode: { id: 'uploads.words.unreadableWithCode', defaultMessage: '{name} cannot be read ({code}).' },
  unreadable: { id: 'uploads.words.unreadable', defaultMessage: '{name} cannot be read.' },
  notAFile: { id: 'uploads.words.notAFile', defaultMessage: '{name} is not a file.' },
  empty: { id: 'uploads.words.empty', defaultMessage: '{name} is empty.' },
  mediaUnreadable: {
    id: 'uploads.words.mediaUnreadable',
    defaultMessage: 'Its duration, size and codecs could not be read.',
  },
  sameFileInBatch: { id: 'uploads.words.sameFileInBatch', defaultMessage: '{name} is already in this batch.' },
  sameVideoInBatch: { id: 'uploads.words.sameVideoInBatch', defaultMessage: 'Same video as {name} in this batch.' },
  sameVideoQueued: {
    id: 'uploads.words.sameVideoQueued',
    defaultMessage:
      'Same video as {name}, already in the upload list ({state, select, queued {queued} uploading {uploading} paused {paused} completing {completing} attaching {attaching} failed {failed} changed {changed} other {waiting}}).',
  },
  inSection: {
    id: 'uploads.words.inSection',
    defaultMessage: 'Already in this section as “{title}” (uploaded from {name} on {day}).',
  },
  inSectionUntitled: {
    id: 'uploads.words.inSectionUntitled',
    defaultMessage: 'Already in this section as an untitled lesson (uploaded from {name} on {day}).',
  },
  sameVideoUploaded: {
    id: 'uploads.words.sameVideoUploaded',
    defaultMessage: 'Same video as {name}, uploaded on {day}.',
  },
  similarLesson: {
    id: 'uploads.words.similarLesson',
    defaultMessage: 'This section already has a lesson “{title}” of the same length.',
  },
});

/** Why a file cannot be uploaded, as FileAccessError says it (its code picks the sentence). */
export const fileWords = {
  notFound: (name: string) => t(messages.notFound, { name }),
  unreadable: (name: string, code?: string) =>
    code === undefined ? t(messages.unreadable, { name }) : t(messages.unreadableWithCode, { name, code }),
  notAFile: (name: string) => t(messages.notAFile, { name }),
  empty: (name: string) => t(messages.empty, { name }),
  mediaUnreadable: () => t(messages.mediaUnreadable),
};

/** Where the same content already is (preflight's duplicate hits). `day` is the upload's day, YYYY-MM-DD. */
export const duplicateWords = {
  sameFileInBatch: (name: string) => t(messages.sameFileInBatch, { name }),
  sameVideoInBatch: (name: string) => t(messages.sameVideoInBatch, { name }),
  sameVideoQueued: (name: string, state: UploadState) => t(messages.sameVideoQueued, { name, state }),
  inSection: (title: string | undefined, name: string, day: string) =>
    title === undefined ? t(messages.inSectionUntitled, { name, day }) : t(messages.inSection, { title, name, day }),
  sameVideoUploaded: (name: string, day: string) => t(messages.sameVideoUploaded, { name, day }),
  similarLesson: (title: string) => t(messages.similarLesson, { title }),
};
