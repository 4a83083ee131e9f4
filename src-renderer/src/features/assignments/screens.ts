// Renderer. The screens of features/assignments (the shell's only way in, .dependency-cruiser.cjs),
// each loaded on first visit.
export const loadAssignmentsScreen = () => import('./AssignmentsScreen.tsx').then((m) => m.AssignmentsScreen);
export const loadAssignmentScreen = () => import('./AssignmentScreen.tsx').then((m) => m.AssignmentScreen);
