/** Renderer. Pushing a whole course from a folder: the feature's public surface (the course screen shows the panel). */
export { FolderPushPanel, PushFolderButton } from './FolderPushPanel.tsx';
