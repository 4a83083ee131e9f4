/**
 * Main process / plain Node. Handlers for a course's preview video (ASSUMPTIONS.md "Course
 * structure"): a file picked through main's own dialog (by handle) is checked by its bytes like a
 * lesson's video, uploaded by the same engine (it shows on the Uploads screen, named for the
 * course), then attached with the course update through the outbox; "Remove" sends null.
 */
import { toPreviewVideo } from '../../ipc-views/index.ts';
import type { AppServices } from '../../services/index.ts';
import { SyncServiceError } from '../../sync/index.ts';
import { requireVideos } from '../../uploads/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type PreviewChannels = 'courses.previewVideo' | 'courses.setPreviewVideo' | 'courses.removePreviewVideo';

export function previewVideoHandlers(services: AppServices): Pick<HandlerTable, PreviewChannels> {
  const view = (courseId: string) => {
    const { uploads, sync } = services.session();
    const course = sync.readCache({ kind: 'course', courseId }, { refresh: 'never' }).data ?? null;
    return toPreviewVideo(courseId, uploads.list(), sync.preview.pending(courseId), course);
  };
  /** Lectern's earlier preview uploads of this course: replaced or removed, they are forgotten. */
  const forgetEarlier = async (courseId: string) => {
    const { uploads } = services.session();
    for (const row of uploads.list()) {
      if (row.target.kind === 'preview' && row.target.courseId === courseId && row.state !== 'cancelled') {
        await uploads.cancel(row.id);
      }
    }
  };

  return {
    'courses.previewVideo': ({ courseId }) => view(courseId),
    'courses.setPreviewVideo': async ({ courseId, handle }) => {
      const { uploads, sync } = services.session();
      const missing = sync.structure.missing().find((m) => m.operation === 'courses.update');
      if (missing)
        throw new SyncServiceError('OPERATION_NOT_OFFERED', missing.message, { operation: missing.operation });
      const path = services.fileHandles.resolve(handle);
      // Nothing that is not a video reaches the engine: the same check, and sentence, as for lessons.
      const [fileCheck] = await requireVideos([path]);
      const name = sync.readCache({ kind: 'course', courseId }, { refresh: 'never' }).data?.name;
      const title = `Preview video of ${typeof name === 'string' && name ? name : 'the course'}`.slice(0, 255);
      await forgetEarlier(courseId);
      const contentType = fileCheck?.mime ?? undefined;
      const [row] = await uploads.add([
        {
          path,
          lessonTarget: { kind: 'preview', courseId, title },
          fileCheck,
          ...(contentType ? { contentType } : {}),
        },
      ]);
      if (row) uploads.start([row.id]);
      return view(courseId);
    },
    'courses.removePreviewVideo': async ({ courseId }) => {
      await services.session().sync.preview.set(courseId, null, { checkOffered: true });
      await forgetEarlier(courseId);
      return view(courseId);
    },
  };
}
