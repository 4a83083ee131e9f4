// Renderer. The screens of features/drafts (the shell's only way in, .dependency-cruiser.cjs), each
// loaded on first visit.
export const loadDraftsScreen = () => import('./DraftsScreen.tsx').then((m) => m.DraftsScreen);
export const loadDraftScreen = () => import('./DraftScreen.tsx').then((m) => m.DraftScreen);
