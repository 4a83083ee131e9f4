// Main process / plain Node. When a batch of uploads has ended, and what to tell the user about it
// ("12 videos uploaded to Workplace Safety › Module 1 · 1 failed"). Shared by the OS notification (Electron)
// and the in-app one; no I/O here so the decisions are easy to test. Said in the app's language.

import { t } from '../i18n/index.ts';
import { defineMessages } from '../../src-shared/messages.ts';
import type { UploadState } from './types.ts';

export interface BatchMember {
  state: UploadState;
  lessonId: string | null;
}

export interface BatchOutcome {
  /** Every file is done (its lesson has the video) or failed; cancelled files do not count. */
  ended: boolean;
  uploaded: number;
  failed: number;
}

export function batchOutcome(members: readonly BatchMember[]): BatchOutcome {
  let uploaded = 0;
  let failed = 0;
  let open = 0;
  for (const m of members) {
    if (m.state === 'cancelled') continue;
    if (m.state === 'done' && m.lessonId !== null) uploaded++;
    else if (m.state === 'failed') failed++;
    else open++;
  }
  return { ended: open === 0 && uploaded + failed > 0, uploaded, failed };
}

export interface BatchNotice {
  title: string;
  body: string;
  level: 'success' | 'warning';
}

/** Where a batch went, as far as it is known locally (null: not in the cache). */
export interface BatchPlace {
  courseName: string | null;
  sectionTitle: string | null;
}

const messages = defineMessages({
  body: {
    id: 'uploads.batchNotice.body',
    defaultMessage:
      '{uploaded, plural, =0 {No videos uploaded} one {# video uploaded} other {# videos uploaded}}{placed, select, yes { to {where}} other {}}{failed, plural, =0 {} other { · # failed}}',
  },
  finished: { id: 'uploads.batchNotice.finished', defaultMessage: 'Uploads finished' },
  withProblems: { id: 'uploads.batchNotice.withProblems', defaultMessage: 'Uploads finished with problems' },
});

/** The notification's text: how many, and the course and section they went to when known. */
export function batchNotice(outcome: { uploaded: number; failed: number }, place: BatchPlace): BatchNotice {
  const names = [place.courseName, place.sectionTitle].filter((n): n is string => Boolean(n?.trim()));
  const placed = names.length > 0 ? 'yes' : 'no';
  return {
    title: t(outcome.failed > 0 ? messages.withProblems : messages.finished),
    body: t(messages.body, {
      uploaded: outcome.uploaded,
      failed: outcome.failed,
      placed,
      where: names.join(' › '),
    }),
    level: outcome.failed > 0 ? 'warning' : 'success',
  };
}
