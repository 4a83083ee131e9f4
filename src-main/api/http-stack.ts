// Main process / plain Node. Lectern's one way into undici: its Agent and `request`, loaded without
// the rest of the package. undici's index requires everything it has (fetch, WebSocket, caches,
// mocks, proxies: about 1.2 MB of bundled code, most of it never used here), and the CLI paid for
// reading and compiling it before its first request ("a command line that starts at once").
// `request` is undici's own top-level `request` for the options Lectern passes (a full URL; the
// dispatcher given, else undici's global one), so behaviour is the package's, not a copy.
import type * as Undici from 'undici';
import AgentModule from 'undici/lib/dispatcher/agent.js';
import DispatcherModule from 'undici/lib/dispatcher/dispatcher.js';
import apiRequest from 'undici/lib/api/api-request.js';
import globalModule from 'undici/lib/global.js';
import utilModule from 'undici/lib/core/util.js';
import { compileHttpParserOnBaselineTier } from '../platform/index.ts';

export type { Dispatcher } from 'undici';

// undici compiles llhttp, its parser, at the first connection: on Liftoff only (wasm-tiers.ts).
compileHttpParserOnBaselineTier();

interface ApiMethods {
  request: (
    this: Undici.Dispatcher,
    options: Undici.Dispatcher.RequestOptions,
  ) => Promise<Undici.Dispatcher.ResponseData>;
}

// What undici's index does once for request/stream/pipeline/…: the method lives on every
// dispatcher. Lectern calls only `request`, so the other four modules are never loaded.
Object.assign((DispatcherModule as { prototype: object }).prototype, { request: apiRequest } as ApiMethods);

/** Node's own default limit on a response's headers (16 KiB). Given to every Agent, so undici
 * need not load node:http (about 4 ms of the command line's start) only to read that default. */
export const MAX_HEADER_BYTES = 16 * 1024;

const UndiciAgent = AgentModule as typeof Undici.Agent;
/** undici's Agent, with MAX_HEADER_BYTES unless the options say otherwise. */
export const Agent = class Agent extends UndiciAgent {
  constructor(options: Undici.Agent.Options = {}) {
    super({ maxHeaderSize: MAX_HEADER_BYTES, ...options });
  }
} as typeof Undici.Agent;
export type Agent = Undici.Agent;

const { getGlobalDispatcher } = globalModule as { getGlobalDispatcher: () => Undici.Dispatcher };
const { parseURL } = utilModule as { parseURL: (url: string | URL) => URL };
const dispatcherRequest = apiRequest as ApiMethods['request'];

type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> &
  Partial<Pick<Undici.Dispatcher.RequestOptions, 'method'>> & { dispatcher?: Undici.Dispatcher };

/** undici's `request(url, options)`: the same URL checks, default method and dispatcher choice. */
export function request(url: string | URL, options: RequestOptions = {}): Promise<Undici.Dispatcher.ResponseData> {
  const target = parseURL(url);
  const { dispatcher = getGlobalDispatcher(), ...rest } = options;
  return dispatcherRequest.call(dispatcher, {
    ...rest,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: options.method || (options.body ? 'PUT' : 'GET'),
  });
}
