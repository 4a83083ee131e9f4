// Main process / plain Node. When a batch of uploads has ended, and what to tell the user about it
// ("12 videos uploaded to Workplace Safety › Module 1 · 1 failed"). Shared by the OS notification (Electron)
// and the in-app one; no I/O here so the decisions are easy to test.

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

/** The notification's text: how many, and the course and section they went to when known. */
export function batchNotice(outcome: { uploaded: number; failed: number }, place: BatchPlace): BatchNotice {
  const names = [place.courseName, place.sectionTitle].filter((n): n is string => Boolean(n?.trim()));
  const where = names.length > 0 ? ` to ${names.join(' › ')}` : '';
  const videos = outcome.uploaded === 1 ? '1 video' : `${outcome.uploaded} videos`;
  const head = outcome.uploaded === 0 ? `No videos uploaded${where}` : `${videos} uploaded${where}`;
  const body = outcome.failed > 0 ? `${head} · ${outcome.failed} failed` : head;
  return {
    title: outcome.failed > 0 ? 'Uploads finished with problems' : 'Uploads finished',
    body,
    level: outcome.failed > 0 ? 'warning' : 'success',
  };
}
