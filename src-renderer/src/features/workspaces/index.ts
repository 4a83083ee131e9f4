// Renderer. The entry of features/workspaces: what the shell and other features use of it (the
// only way in, .dependency-cruiser.cjs; its screen is in screens.ts).
export { activeKeyMode, useActiveProfile, useWorkspaces } from './store.ts';
export { CapabilityGate } from './CapabilityGate.tsx';
