/**
 * Renderer. A store that both reads a state and receives it as an event must not let a read's
 * answer overwrite a newer event: the bridge host carries answers and events on different
 * connections (and an async handler in Electron may answer after an event it did not wait for),
 * so an answer computed before a change can arrive after the change's event. Main sends the whole
 * state with every change, so an answer during which an event arrived is dropped: the event is at
 * least as new, and any later change sends another.
 */
export interface OvertakeGuard {
  /** Call as each event of that state arrives. */
  eventArrived(): void;
  /** Awaits `read` and hands its answer to `take` unless an event arrived meanwhile. */
  read<T>(read: () => Promise<T>, take: (answer: T) => void): Promise<void>;
}

export function createOvertakeGuard(): OvertakeGuard {
  let events = 0;
  return {
    eventArrived() {
      events++;
    },
    async read(read, take) {
      const before = events;
      const answer = await read();
      if (events === before) take(answer);
    },
  };
}
