// Renderer. The screen of features/diagnostics (the shell's only way in, .dependency-cruiser.cjs),
// loaded on first visit.
export const loadDiagnosticsScreen = () => import('./DiagnosticsScreen.tsx').then((m) => m.DiagnosticsScreen);
