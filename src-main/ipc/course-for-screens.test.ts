// Tests (plain Node): `courses.get` through the real dispatch, services and built-in sandbox (demo
// seed): each lesson keeps every field the screens show, exactly as the server sent it, and loses
// only the parts no screen reads from it (course-for-screens.ts), so the answer is smaller.
import { describe, expect, it } from 'vitest';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices } from '../services/index.ts';
import { tempDir } from '../test-support/index.ts';
import type { Course, Lesson, Section } from '../../src-shared/index.ts';
import { createAppDispatch } from './index.ts';

const APP = 'app://lectern';
/** What the outline's rows and the lesson editor read of a lesson. */
const SHOWN = [
  'id',
  'title',
  'description',
  'source',
  'lesson_type',
  'order',
  'text_content',
  'video_url',
  'video_status',
  'video_ready',
  'video_error',
  'video_has_subtitles',
  'video_caption',
  'duration_seconds',
  'document_url',
  'document_name',
  'image_url',
  'image_name',
  'created_datetime',
  'updated_datetime',
] as const;
/** A signed URL is signed again on each read (its expiry is now + n seconds): compare it unsigned. */
const unsigned = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[?&](expires|signature)=[^&]*/g, '') : value;

describe('courses.get for the screens', () => {
  it('keeps what the screens show as the server sent it, and drops what none reads', async () => {
    const services = await createAppServices({
      dataDir: tempDir('lectern-ipc-course-'),
      transport: 'bridge',
      dialog: createQueuedFileDialog(),
      keyStore: createMemoryKeyStore(),
      sandbox: { seed: 'demo' },
    });
    const dispatch = createAppDispatch(services, () => [APP]);
    const send = async <T>(channel: string, input?: unknown): Promise<T> => {
      const answer = (await dispatch(channel, input, { origin: APP })) as { ok: boolean; value: T };
      expect(answer.ok, JSON.stringify(answer).slice(0, 300)).toBe(true);
      return answer.value;
    };
    try {
      const list = await send<{ data: { results: Course[] } }>('courses.list', { page: 1, pageSize: 100 });
      let lessonsSeen = 0;
      for (const course of list.data.results.slice(0, 6)) {
        const shown = await send<{ data: { sections: Section[] } }>('courses.get', { id: course.id });
        const fromServer = (await services.session().client.sections.list(course.id, { page: 1, pageSize: 100 }))
          .results;
        const serverLessons = new Map<string, Lesson>(fromServer.flatMap((s) => s.lessons ?? []).map((l) => [l.id, l]));
        expect(JSON.stringify(shown.data.sections).length).toBeLessThan(JSON.stringify(fromServer).length);
        for (const lesson of shown.data.sections.flatMap((s) => s.lessons ?? [])) {
          const server = serverLessons.get(lesson.id)!;
          lessonsSeen += 1;
          for (const field of SHOWN) expect(unsigned(lesson[field]), field).toEqual(unsigned(server[field]));
          expect(Object.keys(lesson)).not.toEqual(
            expect.arrayContaining([expect.stringMatching(/^(video_content_url|video_playback_endpoint|resources)$/)]),
          );
          expect(lesson.quiz ?? null).toEqual(
            server.quiz
              ? {
                  id: server.quiz.id,
                  lesson_id: server.quiz.lesson_id,
                  status: server.quiz.status,
                  total_points: server.quiz.total_points,
                }
              : (server.quiz ?? null),
          );
          const otherMedia = (server.content_media ?? []).filter((m) => m.media_type?.toUpperCase() !== 'VIDEO');
          expect(lesson.content_media ?? []).toEqual(
            otherMedia.map(({ id, media_type, position, file_name }) => ({ id, media_type, position, file_name })),
          );
        }
      }
      expect(lessonsSeen).toBeGreaterThan(20);
    } finally {
      await services.close();
    }
  });
});
