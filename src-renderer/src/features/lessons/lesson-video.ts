/**
 * Renderer. A lesson's own video upload, followed from its editor: "Add video…" queues the file
 * with the upload engine (the same rows the Uploads screen lists) and the editor stays where it
 * is, showing that upload's progress and then its processing in place. The rows are main's; this
 * reads them (`uploads.list`, then `uploads.changed`) and keeps the newest one for the lesson.
 */
import { useEffect, useState } from 'react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { useBridgeEvent } from '../../lib/events.ts';
import { pickVideos } from '../picker/index.ts';
import { t } from '../../lib/i18n.ts';

export interface LessonRef {
  courseId: string;
  sectionId: string;
  lessonId: string;
}

const forLesson = (row: UploadRow, lessonId: string) =>
  (row.target.kind === 'replace' && row.target.lessonId === lessonId) || row.lessonId === lessonId;

const newest = (a: UploadRow | null, b: UploadRow) => (a === null || b.createdAt >= a.createdAt ? b : a);

/** Picks one video and queues it as the lesson's video; the row main made (null: nothing chosen). */
export async function addLessonVideo(lesson: LessonRef): Promise<UploadRow | null> {
  const [file] = await pickVideos('video');
  if (!file) return null;
  const rows = await call((b) =>
    b.uploads.add({ items: [{ handle: file.handle, target: { kind: 'replace', ...lesson } }] }),
  );
  return rows[0] ?? null;
}

/** The lesson's newest upload (not a cancelled one), kept up to date; `seen` adds one just queued. */
export function useLessonUpload(lessonId: string): { row: UploadRow | null; seen: (row: UploadRow) => void } {
  const [row, setRow] = useState<UploadRow | null>(null);
  const take = (next: UploadRow) => {
    if (!forLesson(next, lessonId)) return;
    setRow((current) => {
      if (current !== null && current.id === next.id) return next.state === 'cancelled' ? null : next;
      return next.state === 'cancelled' ? current : newest(current, next);
    });
  };
  useEffect(() => {
    // The editor is keyed by its lesson: one lesson per mounted editor.
    let live = true;
    call((b) => b.uploads.list()).then(
      (rows) => {
        if (!live) return;
        const mine = rows.filter((r) => forLesson(r, lessonId) && r.state !== 'cancelled');
        setRow((current) => mine.reduce(newest, current));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lessonId]);
  useBridgeEvent('uploads.changed', take);
  return { row, seen: take };
}

const ACTIVE = new Set<UploadRow['state']>(['queued', 'uploading', 'paused', 'completing', 'attaching', 'waiting']);

export const isUploadActive = (row: UploadRow) => ACTIVE.has(row.state);

/** Bytes the server has confirmed, as a whole percent (100 only once the upload is done). */
export function uploadPercent(row: UploadRow): number {
  if (row.state === 'done') return 100;
  if (row.bytesTotal <= 0) return 0;
  return Math.min(99, Math.floor((row.bytesConfirmed / row.bytesTotal) * 100));
}

/** Where the lesson's upload stands, in one sentence (its file named). */
export function uploadSentence(row: UploadRow): string {
  const file = `“${row.fileName}”`;
  const status = row.videoStatus?.toUpperCase() ?? null;
  switch (row.state) {
    case 'queued':
      return t(
        { id: 'lessons.lessonvideo.isQueuedItStartsIn', defaultMessage: '{file} is queued; it starts in a moment.' },
        { file },
      );
    case 'uploading':
      return t(
        {
          id: 'lessons.lessonvideo.uploadingAsThisLessonS',
          defaultMessage: 'Uploading {file} as this lesson’s video…',
        },
        { file },
      );
    case 'paused':
      return t(
        { id: 'lessons.lessonvideo.isPausedAt', defaultMessage: '{file} is paused at {row} %.' },
        { file, row: uploadPercent(row) },
      );
    case 'waiting':
      return t(
        {
          id: 'lessons.lessonvideo.waitsForTheConnectionSent',
          defaultMessage: '{file} waits for the connection ({row} % sent); it goes on by itself.',
        },
        { file, row: uploadPercent(row) },
      );
    case 'completing':
    case 'attaching':
      return t(
        {
          id: 'lessons.lessonvideo.isUploadedAddingItTo',
          defaultMessage: '{file} is uploaded; adding it to this lesson…',
        },
        { file },
      );
    case 'failed':
    case 'changed':
      return t(
        { id: 'lessons.lessonvideo.didNotUpload', defaultMessage: '{file} did not upload: {value}' },
        { file, value: row.error?.message ?? 'no reason given' },
      );
    case 'cancelled':
      return t({ id: 'lessons.lessonvideo.wasCancelled', defaultMessage: '{file} was cancelled.' }, { file });
    case 'done':
      if (status === 'READY')
        return t(
          {
            id: 'lessons.lessonvideo.isThisLessonSVideo',
            defaultMessage: '{file} is this lesson’s video now; the server has processed it.',
          },
          { file },
        );
      if (status === 'FAILED')
        return t(
          {
            id: 'lessons.lessonvideo.theServerCouldNotProcess',
            defaultMessage: 'The server could not process {file}: {value}',
          },
          { file, value: row.videoError ?? 'no reason given' },
        );
      return t(
        {
          id: 'lessons.lessonvideo.isUploadedTheServerIs',
          defaultMessage: '{file} is uploaded; the server is processing it…',
        },
        { file },
      );
  }
}
