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
  fileChanged: {
    id: 'uploads.words.fileChanged',
    defaultMessage:
      '{name} changed since its upload started, so the earlier upload was dropped and it is being uploaded again from the start.',
  },
  sessionExpired: {
    id: 'uploads.words.sessionExpired',
    defaultMessage:
      'The earlier upload session of {name} is no longer open on the server, so it is being uploaded again from the start.',
  },
  runningElsewhere: {
    id: 'uploads.words.runningElsewhere',
    defaultMessage:
      '{name} is being uploaded by another Lectern on this computer (process {pid}); it carries on there. Wait for it to finish, or close it, then try again here.',
  },
  unreachableStopped: {
    id: 'uploads.words.unreachableStopped',
    defaultMessage: 'The server could not be reached for {seconds} s, so the upload stopped. Run it again to continue.',
  },
  sourceFileLost: {
    id: 'uploads.words.sourceFileLost',
    defaultMessage:
      '{name} {why, select, gone {was not found (deleted, moved, or its drive is not connected)} permission {cannot be read any more (permission denied)} driveError {could not be read (its drive reported an error or was disconnected)} networkDrive {could not be read (its network drive went away)} other {could not be read (its drive was disconnected)}}. Nothing was attached to a lesson. Put the same file back and retry: it carries on where it stopped (a changed file starts over).',
  },
  uploadFailed: { id: 'uploads.words.uploadFailed', defaultMessage: 'The upload failed.' },
  previewTarget: {
    id: 'uploads.words.previewTarget',
    defaultMessage: 'A preview video needs its course and a name of 1 to 255 characters.',
  },
  chooseSection: { id: 'uploads.words.chooseSection', defaultMessage: 'Choose a course and a section for every file.' },
  chooseLesson: { id: 'uploads.words.chooseLesson', defaultMessage: 'Choose the lesson whose video is replaced.' },
  notANewLesson: { id: 'uploads.words.notANewLesson', defaultMessage: 'Only a new lesson has a title here.' },
  titleLength: { id: 'uploads.words.titleLength', defaultMessage: 'A lesson title has 1 to 255 characters.' },
  titleLocked: {
    id: 'uploads.words.titleLocked',
    defaultMessage: 'The lesson is already being created; its title can be changed in the course.',
  },
});

/** Why a source file failed mid-upload, by the system's code (retry-policy.ts picks it). */
export type SourceFileLoss = 'gone' | 'permission' | 'driveError' | 'driveDisconnected' | 'networkDrive';

/** What happened to an upload on the way: a notice on its row, or why it stopped. */
export const progressWords = {
  fileChanged: (name: string) => t(messages.fileChanged, { name }),
  sessionExpired: (name: string) => t(messages.sessionExpired, { name }),
  runningElsewhere: (name: string, pid: number) => t(messages.runningElsewhere, { name, pid: String(pid) }),
  unreachableStopped: (seconds: number) => t(messages.unreachableStopped, { seconds }),
  sourceFileLost: (name: string, why: SourceFileLoss) => t(messages.sourceFileLost, { name, why }),
  uploadFailed: () => t(messages.uploadFailed),
};

/** What the engine refuses of a request to add files or name a lesson. */
export const requestWords = {
  previewTarget: () => t(messages.previewTarget),
  chooseSection: () => t(messages.chooseSection),
  chooseLesson: () => t(messages.chooseLesson),
  notANewLesson: () => t(messages.notANewLesson),
  titleLength: () => t(messages.titleLength),
  titleLocked: () => t(messages.titleLocked),
};

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
