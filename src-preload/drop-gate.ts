/**
 * Preload. Which files may become handles through `lectern.files.registerDropped`: only files the
 * user really dropped on the window. The preload watches `drop` events itself (capture phase, in
 * its isolated world) and notes the paths of trusted ones, i.e. made by the browser for a user's
 * drop, never a page's `dispatchEvent`. A compromised renderer can still hand over File objects,
 * but a File it made has no path, and one it kept from an older drop is spent or expired. No
 * Electron here, so it is tested under Node.
 */

/** How long after a drop its files may be registered (the renderer does it at once). */
export const DROP_TTL_MS = 60_000;

export interface DropEventLike {
  readonly isTrusted: boolean;
  readonly dataTransfer: { readonly files: ArrayLike<File> } | null;
}

export interface DropGate {
  /** The `drop` listener: notes the paths of a trusted drop's files. */
  noteDrop(event: DropEventLike): void;
  /** The paths of these files that came from a noted drop, each usable once; null if any did not. */
  take(files: readonly File[]): string[] | null;
}

export function createDropGate(pathOf: (file: File) => string, now: () => number = Date.now): DropGate {
  const dropped = new Map<string, number>();
  return {
    noteDrop(event) {
      if (!event.isTrusted || !event.dataTransfer) return;
      for (const [path, expires] of dropped) if (expires <= now()) dropped.delete(path);
      for (const file of Array.from(event.dataTransfer.files)) {
        const path = pathOf(file);
        if (path) dropped.set(path, now() + DROP_TTL_MS);
      }
    },
    take(files) {
      const paths = files.map((file) => pathOf(file));
      const fresh = (path: string) => (dropped.get(path) ?? 0) > now();
      if (paths.length === 0 || !paths.every((path) => path !== '' && fresh(path))) return null;
      for (const path of paths) dropped.delete(path);
      return paths;
    },
  };
}
