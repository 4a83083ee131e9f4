// Renderer. The entry of features/workspaces: what other features may use of it (eslint: the only way in).
export { activeKeyMode, useActiveProfile } from './store.ts';
