/**
 * Renderer. Switching workspace switches everything that depends on it: each feature store
 * (`feature-store.ts` registers them as they are made) says how to forget the previous
 * workspace's data, and the workspaces store calls them all at once.
 */
const resets = new Set<() => void>();

export function onWorkspaceSwitch(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function forgetWorkspaceData(): void {
  for (const reset of resets) reset();
}
