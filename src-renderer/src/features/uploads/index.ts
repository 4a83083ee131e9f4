// Renderer. The entry of features/uploads: what the shell shows of the queue (the nav's count, the
// status bar, the toasts of waiting uploads); its screen is in screens.ts.
export { totalsOf, useUploads } from './store.ts';
export { followWaitingUploads } from './upload-toasts.ts';
