// Renderer tests. An upload row as main reports it, with the fields a test cares about, and the
// fake main the Uploads screen's tests render against.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { UploadRow } from '../../src-shared/index.ts';
import { installFakeMain, removeFakeMain, type FakeMain } from './fake-main.ts';

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

/**
 * A fresh fake main for each test of the enclosing block (engine options answered), checked for
 * problems after it. happy-dom lays nothing out, so the virtual list's window is given a height
 * and its rows render. Returns the current test's fake.
 */
export function uploadsScreenMain(): () => FakeMain {
  let fake: FakeMain | null = null;
  beforeEach(() => {
    vi.resetModules();
    fake = installFakeMain();
    fake.handle('uploads.getOptions', () => ({ concurrency: 4, bandwidthBytesPerSec: null }));
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    removeFakeMain();
    expect(fake?.problems).toEqual([]);
  });
  return () => {
    if (!fake) throw new Error('uploadsScreenMain: use the fake from a test');
    return fake;
  };
}
