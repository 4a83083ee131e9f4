// Renderer tests. An upload row as main reports it, with the fields a test cares about.
import type { UploadRow } from '../../src-shared/index.ts';

export const COURSE = '00000000-0000-4000-8000-0000000000c0';
export const SECTION = '00000000-0000-4000-8000-0000000000d0';

export function uploadRow(id: string, fields: Partial<UploadRow>): UploadRow {
  return {
    id,
    fileName: `${id}.mp4`,
    target: { kind: 'new', courseId: COURSE, sectionId: SECTION, title: `Lesson ${id}` },
    bytesTotal: 1_000_000,
    bytesConfirmed: 0,
    bytesInFlight: 0,
    state: 'uploading',
    speedBps: 0,
    etaSeconds: null,
    error: null,
    notice: null,
    uploadId: null,
    lessonId: null,
    createdAt: '2026-05-01T12:00:00.000Z',
    videoStatus: null,
    videoError: null,
    durationSeconds: null,
    ...fields,
  };
}
