// Main process / plain Node, tests only. A real API client (the sandbox's) with one call that can be
// held: once armed, the next call of that kind waits until the test lets it go, so a test can make
// a read or a write cross another change at an exact point.
import type { PageLike, SyncApiClient } from '../client.ts';

export type HeldCall = 'sections.pages' | 'sections.update' | 'lessons.update';

export interface HeldClient {
  client: SyncApiClient;
  arm: () => void;
  /** Resolves once the armed call is being held. */
  reached: Promise<void>;
  release: () => void;
}

export function heldClient(real: SyncApiClient, which: HeldCall): HeldClient {
  let armed = false;
  const gate = Promise.withResolvers<void>();
  const reached = Promise.withResolvers<void>();
  const hold = async (call: HeldCall) => {
    if (!armed || call !== which) return;
    armed = false;
    reached.resolve();
    await gate.promise;
  };
  const client: SyncApiClient = {
    ...real,
    sections: {
      ...real.sections,
      // Held after its pages are answered: the read was taken, its writing is what waits.
      pages: async function* (id, query) {
        const pages: PageLike[] = [];
        for await (const page of real.sections.pages(id, query)) pages.push(page);
        await hold('sections.pages');
        yield* pages;
      },
      update: async (...args) => {
        await hold('sections.update');
        return real.sections.update(...args);
      },
    },
    lessons: {
      ...real.lessons,
      update: async (...args) => {
        await hold('lessons.update');
        return real.lessons.update(...args);
      },
    },
  };
  return { client, arm: () => void (armed = true), reached: reached.promise, release: () => gate.resolve() };
}
