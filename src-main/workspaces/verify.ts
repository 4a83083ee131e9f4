/**
 * Main process / plain Node. Verifies a key against its server before it is stored: one call that
 * every key mode may make (`GET /categories`), then a probe of `GET /assessments`, which is
 * tenant-only. The server decides a key's mode; the client can only infer it from that probe.
 */
import { createApiClient, isApiError, type ApiError, type ClientKeySource, type NetworkError } from '../api/index.ts';
import { KeyRejected, Unreachable, VerificationFailed } from './errors.ts';
import type { Access, KeyMode } from './types.ts';

/** The part of the API client verification needs (tests of other modules may pass their own). */
export interface ProbeClient {
  categories: { list(query?: { pageSize?: number }): Promise<unknown> };
  assessments: { list(query?: { pageSize?: number }): Promise<unknown> };
  close(): Promise<void>;
}

export type ProbeClientFactory = (options: { baseUrl: string; apiKey: ClientKeySource }) => ProbeClient;

/** One attempt, short limits: the user is waiting on the Save button. */
export const createProbeClient: ProbeClientFactory = ({ baseUrl, apiKey }) =>
  createApiClient({
    baseUrl,
    apiKey,
    retry: { maxAttempts: 1 },
    timeouts: { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 },
  });

export interface ProbeResult {
  access: Access;
  verifiedMode: KeyMode | null;
  warning: string | null;
}

export interface ProbeOptions {
  baseUrl: string;
  apiKey: ClientKeySource;
  chosenMode: KeyMode;
  /** Whether the key is already stored (changes the "not saved" sentence of errors). */
  saved: boolean;
  createClient: ProbeClientFactory;
}

export async function probeKey(options: ProbeOptions): Promise<ProbeResult> {
  const { baseUrl, apiKey, chosenMode, saved } = options;
  const client = options.createClient({ baseUrl, apiKey });
  try {
    try {
      await client.categories.list({ pageSize: 1 });
    } catch (error) {
      if (kindOf(error) !== 'Forbidden') throw translate(error, baseUrl, saved);
      return {
        access: 'module-forbidden',
        verifiedMode: null,
        warning:
          'The server accepted the key but refused to list categories (403): the learning module may be disabled for ' +
          'this tenant, or the key lacks the learning permissions. Ask the administrator who issued the key.',
      };
    }
    try {
      await client.assessments.list({ pageSize: 1 });
    } catch (error) {
      const kind = kindOf(error);
      if (kind === 'Forbidden') return forbiddenAssessments(chosenMode);
      if (kind === 'NotFound' || kind === 'UnsupportedOperation') {
        return {
          access: 'unknown',
          verifiedMode: null,
          warning: 'This server does not offer the assessments list, so Lectern could not confirm the key mode.',
        };
      }
      throw translate(error, baseUrl, saved);
    }
    // Only tenant keys can list assessments.
    return {
      access: 'full',
      verifiedMode: 'tenant',
      warning:
        chosenMode === 'service-provider'
          ? 'This key can list assessments, so it is a tenant key, not a service-provider key. ' +
            'Change the workspace’s key mode to "tenant" to use assessments and assignments.'
          : null,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

function forbiddenAssessments(chosenMode: KeyMode): ProbeResult {
  if (chosenMode === 'service-provider') {
    // Exactly what a service-provider key gets: tenant-only resources answer 403.
    return { access: 'assessments-forbidden', verifiedMode: 'service-provider', warning: null };
  }
  return {
    access: 'assessments-forbidden',
    verifiedMode: 'tenant',
    warning:
      'The server refused assessments for this key (403). As you chose a tenant key, it most likely lacks the ' +
      'assessment permissions (e.g. learning.view_assessment); if it is in fact a service-provider key, change ' +
      'the key mode to "service-provider".',
  };
}

function kindOf(error: unknown): ApiError['kind'] | null {
  return isApiError(error) ? error.kind : null;
}

function translate(error: unknown, baseUrl: string, saved: boolean): Error {
  if (!isApiError(error)) return error instanceof Error ? error : new Error(String(error));
  switch (error.kind) {
    case 'Unauthorized':
      return new KeyRejected(baseUrl, saved);
    case 'Network':
      // The technical side without the sentence (which is the message): the request.
      return new Unreachable(
        baseUrl,
        { systemCode: (error as NetworkError).systemCode, technical: `${error.method} ${error.path}` },
        saved,
      );
    case 'Timeout':
      return new Unreachable(baseUrl, { systemCode: 'ETIMEDOUT', technical: `${error.method} ${error.path}` }, saved);
    case 'NotFound':
    case 'UnsupportedOperation':
    case 'ContractError':
      return new VerificationFailed(baseUrl, { kind: 'not-the-api' }, saved);
    default:
      return new VerificationFailed(
        baseUrl,
        { kind: 'answered', status: error.status ?? null, technical: error.message },
        saved,
      );
  }
}
