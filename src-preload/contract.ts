/**
 * Shared by main, preload and renderer (types only in the renderer).
 *
 * The one IPC contract: every request channel (name → input and output zod schemas) and every
 * event channel (main → renderer pushes). Main implements it in `src-main/ipc/handlers.ts`, the
 * preload builds `window.lectern` from it with one function per channel, and the bridge host
 * carries the same channels over loopback. Nothing in here may import Node or Electron.
 */
import { z } from 'zod';

/** What crosses IPC when a call fails: never a stack trace, never an Error object. */
export const IpcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

const NoInput = z.undefined();

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): { input: I; output: O } {
  return { input, output };
}

// ---------------------------------------------------------------------------------------------
// app

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  versions: z.object({ node: z.string(), electron: z.string().nullable(), chrome: z.string().nullable() }),
  transport: z.enum(['electron', 'bridge']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const HealthSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type Health = z.infer<typeof HealthSchema>;

export const EchoInputSchema = z.object({ text: z.string().min(1).max(200) }).strict();

// ---------------------------------------------------------------------------------------------
// The channel map. Names are `<group>.<method>`; the preload exposes them as lectern.group.method.

export const requestChannels = {
  'app.info': channel(NoInput, AppInfoSchema),
  'app.health': channel(NoInput, HealthSchema),
  /** Round trip with validated input; proves the path and is used by contract tests. */
  'app.echo': channel(EchoInputSchema, z.object({ text: z.string(), receivedAt: z.string() })),
} as const;

export const eventChannels = {
  /** Periodic heartbeat so the renderer can tell the bridge is alive. */
  'app.heartbeat': z.object({ at: z.string() }),
} as const;

// ---------------------------------------------------------------------------------------------
// Derived types

export type RequestChannels = typeof requestChannels;
export type ChannelName = keyof RequestChannels;
export type EventName = keyof typeof eventChannels;
export type ChannelInput<K extends ChannelName> = z.input<RequestChannels[K]['input']>;
export type ChannelOutput<K extends ChannelName> = z.output<RequestChannels[K]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof eventChannels)[E]>;

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
type MethodOf<K, G extends string> = K extends `${G}.${infer M}` ? M : never;
export type ChannelGroup = GroupOf<ChannelName>;

export type ChannelFunction<K extends ChannelName> =
  undefined extends ChannelInput<K>
    ? (input?: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>
    : (input: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>;

/** The shape of `window.lectern`: one function per channel, grouped, plus typed events. */
export type LecternBridge = {
  [G in ChannelGroup]: { [K in ChannelName as MethodOf<K, G>]: ChannelFunction<K> };
} & {
  events: {
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  };
};

export const channelNames = Object.keys(requestChannels) as ChannelName[];
export const eventNames = Object.keys(eventChannels) as EventName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(requestChannels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** Electron IPC channel names are prefixed so they never collide with Electron's own. */
export const IPC_PREFIX = 'lectern:';
export const EVENT_PREFIX = 'lectern-event:';

/** Builds the grouped bridge object from one low-level call function. Used by preload and bridge client. */
export function buildBridge(
  call: (channel: ChannelName, input: unknown) => Promise<Result<unknown>>,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
): LecternBridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of channelNames) {
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
  return { ...bridge, events } as unknown as LecternBridge;
}
