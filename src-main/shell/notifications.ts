/**
 * Electron main process. OS notifications for what the user may miss while working elsewhere: the
 * end of a batch of uploads ("12 videos uploaded to Workplace Safety · 1 failed"). The text comes
 * from the services (uploads/batch-notice.ts); the renderer shows the same as an in-app notice.
 */
import { Notification } from 'electron';
import type { AppEvents } from '../services/index.ts';
import type { EventPayload } from '../../src-shared/index.ts';

export function showUploadNotifications(events: AppEvents): () => void {
  return events.subscribe((event, payload) => {
    if (event !== 'uploads.batchEnded' || !Notification.isSupported()) return;
    const notice = payload as EventPayload<'uploads.batchEnded'>;
    new Notification({ title: notice.title, body: notice.body, silent: notice.level === 'success' }).show();
  });
}
