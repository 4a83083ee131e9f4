/**
 * Renderer. A store that both reads a state and receives it as an event must not let a read's
 * answer overwrite a newer event: the bridge host carries answers and events on different
 * connections (and an async handler in Electron may answer after an event it did not wait for),
 * so an answer computed before a change can arrive after the change's event, and two reads' answers
 * can arrive in either order. Main sends the whole state with every change, so an answer during
 * which an event arrived is dropped (the event is at least as new, and any later change sends
 * another), and so is an answer older than one already taken.
 */
export interface OvertakeGuard {
  /** Call as each event of that state arrives. */
  eventArrived(): void;
  /** Awaits `read` and hands its answer to `take` unless an event or a later read's answer came first. */
  read<T>(read: () => Promise<T>, take: (answer: T) => void): Promise<void>;
}

export function createOvertakeGuard(): OvertakeGuard {
  /** Numbers each read as it starts, and each event as it arrives. */
  let count = 0;
  /** The number of the newest read taken or event arrived: anything started before it is older. */
  let newest = 0;
  return {
    eventArrived() {
      newest = ++count;
    },
    async read(read, take) {
      const mine = ++count;
      const answer = await read();
      if (mine < newest) return;
      newest = mine;
      take(answer);
    },
  };
}
