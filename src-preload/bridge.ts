/**
 * Preload. Builds the grouped `window.lectern` object (one function per channel, plus events) from
 * one low-level call function. No Electron here, so the renderer's test fake builds the very same
 * shape from it.
 */
import {
  channelNames,
  DROPPED_FILES_CHANNEL,
  isEventName,
  type ChannelName,
  type EventName,
  type FileHandle,
  type LecternBridge,
  type Result,
} from '../src-shared/index.ts';

export function buildBridge(
  call: (channel: ChannelName, input: unknown) => Promise<Result<unknown>>,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
  registerDropped: (files: readonly File[], options?: { folder?: true }) => Promise<Result<FileHandle[]>>,
): LecternBridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of channelNames) {
    if (name === DROPPED_FILES_CHANNEL) continue;
    const [group, method] = name.split('.') as [string, string];
    bridge[group] ??= {};
    bridge[group][method] = (input?: unknown) => call(name, input);
  }
  const events = {
    on(event: EventName, listener: (payload: unknown) => void) {
      if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}`);
      return subscribe(event, listener);
    },
  };
  return { ...bridge, files: { registerDropped }, events } as unknown as LecternBridge;
}
