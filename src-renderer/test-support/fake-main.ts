/**
 * Renderer tests. A stand-in for main behind `window.lectern`: the test answers only the channels
 * it needs, and the fake holds both sides to the IPC contract — what the renderer sends is parsed
 * with the channel's input schema (refused as main would refuse it), what the test answers with
 * its output schema, and events with their event schema. Anything the contract would not carry
 * (an unanswered channel, a bad fixture) is recorded as a problem that `problems` reports.
 */
import {
  eventChannels,
  requestChannels,
  type ChannelInput,
  type ChannelName,
  type EventName,
  type EventPayload,
  type IpcError,
  type LecternBridge,
  type RequestChannels,
  type Result,
} from '../../src-shared/index.ts';
// The preload's own builder, so the fake's `window.lectern` has exactly the shape the app gets.
import { buildBridge } from '../../src-preload/bridge.ts';
import type { z } from 'zod';

/** Thrown by a handler: main answers `{ok: false, error}`. */
export class Refusal extends Error {
  readonly error: IpcError;
  constructor(error: IpcError) {
    super(error.message);
    this.error = error;
  }
}

export function refuse(code: string, message = '', details?: unknown): Refusal {
  return new Refusal({ code, message, ...(details === undefined ? {} : { details }) });
}

/** What main answers before the contract reads it (the fake parses it as the real channel would). */
export type Reply<K extends ChannelName> = z.input<RequestChannels[K]['output']>;

/** Gets the input as main's channel would, after parsing. */
type Handler<K extends ChannelName> = (input: z.output<RequestChannels[K]['input']>) => Reply<K> | Promise<Reply<K>>;

export interface Call {
  channel: ChannelName;
  input: unknown;
}

export interface FakeMain {
  bridge: LecternBridge;
  /** Every call the renderer made, in order (including refused ones). */
  calls: Call[];
  /** What the contract would not have carried: unanswered channels, bad inputs, bad fixtures. */
  problems: string[];
  handle<K extends ChannelName>(channel: K, handler: Handler<K>): void;
  inputsTo<K extends ChannelName>(channel: K): ChannelInput<K>[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  listenerCount(event: EventName): number;
}

export function createFakeMain(): FakeMain {
  const handlers = new Map<ChannelName, (input: never) => unknown>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const calls: Call[] = [];
  const problems: string[] = [];
  // Main as in Electron, with its native dialog, unless a test answers otherwise (features/picker).
  handlers.set('picker.kind', () => ({ kind: 'native' }));

  const dispatch = async (channel: ChannelName, input: unknown): Promise<Result<unknown>> => {
    calls.push({ channel, input });
    const handler = handlers.get(channel);
    if (!handler) {
      problems.push(`no answer for ${channel}`);
      return { ok: false, error: { code: 'NOT_AVAILABLE', message: `The test does not answer ${channel}.` } };
    }
    const parsedInput = requestChannels[channel].input.safeParse(input);
    if (!parsedInput.success) {
      problems.push(`${channel} sent ${JSON.stringify(input)}: ${parsedInput.error.message}`);
      return { ok: false, error: { code: 'INVALID_INPUT', message: 'Invalid input.' } };
    }
    try {
      const value = await handler(parsedInput.data as never);
      const parsedOutput = requestChannels[channel].output.safeParse(value);
      if (!parsedOutput.success) {
        problems.push(`${channel} fixture does not fit the contract: ${parsedOutput.error.message}`);
        return { ok: false, error: { code: 'INTERNAL', message: 'Bad fixture.' } };
      }
      return { ok: true, value: parsedOutput.data };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.error };
      throw error;
    }
  };

  const subscribe = (event: EventName, listener: (payload: unknown) => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  const bridge = buildBridge(dispatch, subscribe, () =>
    Promise.resolve({ ok: false, error: { code: 'NOT_AVAILABLE', message: 'No drops in tests.' } }),
  );

  return {
    bridge,
    calls,
    problems,
    handle(channel, handler) {
      handlers.set(channel, handler);
    },
    inputsTo<K extends ChannelName>(channel: K) {
      return calls.filter((c) => c.channel === channel).map((c) => c.input as ChannelInput<K>);
    },
    emit(event, payload) {
      const parsed = eventChannels[event].parse(payload);
      for (const listener of [...(listeners.get(event) ?? [])]) listener(parsed);
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
}

/** Puts a fresh fake main behind `window.lectern` (call before importing the renderer modules). */
export function installFakeMain(): FakeMain {
  const fake = createFakeMain();
  window.lectern = fake.bridge;
  return fake;
}

export function removeFakeMain(): void {
  delete window.lectern;
}

/** A promise the test settles by hand, to hold an answer "in flight". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every answer already given run through (all pending microtasks): for "nothing happened" checks. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
