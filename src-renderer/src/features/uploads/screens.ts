// Renderer. The screen of features/uploads (the shell's only way in, .dependency-cruiser.cjs),
// loaded on first visit.
export const loadUploadsScreen = () => import('./UploadsScreen.tsx').then((m) => m.UploadsScreen);
