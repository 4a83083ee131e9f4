// Renderer. The screen of features/workspaces (the shell's only way in, .dependency-cruiser.cjs),
// loaded on first visit.
export const loadWorkspacesScreen = () => import('./WorkspacesScreen.tsx').then((m) => m.WorkspacesScreen);
