// Renderer. The entry of features/updates: the status bar's item, the Diagnostics screen's card
// and the store the shell starts with the others.
export { useUpdates } from './store.ts';
export { UpdateStatusItem } from './UpdateStatusItem.tsx';
export { UpdatesPanel } from './UpdatesPanel.tsx';
