/**
 * Error wording: every code main sends (as a BridgeError from a call, as a draft's stored
 * `{code, kind}`, or with the kind in its details) reads as one fixed sentence.
 */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../bridge.ts';
import {
  describeError,
  errorCode,
  errorDetail,
  errorParts,
  fieldErrorsOf,
  isOfflineError,
  systemCodeOf,
} from './errors.ts';

const bridgeError = (code: string, message = 'raw text from main', details?: unknown) =>
  new BridgeError({ code, message, ...(details === undefined ? {} : { details }) });

/** Each API kind by its IPC code, with the sentence the user reads. */
const WORDING: [code: string, kind: string, sentence: string][] = [
  [
    'API_UNAUTHORIZED',
    'Unauthorized',
    'The server did not accept this workspace’s API key. Replace the key under Workspaces.',
  ],
  [
    'API_FORBIDDEN',
    'Forbidden',
    'This key is not allowed to open this. Ask your administrator for the learning permissions, or check that the learning module is enabled.',
  ],
  ['API_NOT_FOUND', 'NotFound', 'The server no longer has this. It may have been deleted elsewhere.'],
  ['API_CONFLICT', 'Conflict', 'The server is still working on an identical request. Try again in a moment.'],
  ['API_VALIDATION', 'Validation', 'The server rejected some fields. They are marked below.'],
  ['API_RATE_LIMITED', 'RateLimited', 'The server asked Lectern to slow down. It will try again shortly.'],
  ['API_SERVER_ERROR', 'ServerError', 'The server had a problem answering. Try again in a little while.'],
  [
    'API_NETWORK',
    'Network',
    'You are offline or the server cannot be reached. Lectern shows what it has saved locally.',
  ],
  ['API_TIMEOUT', 'Timeout', 'The server took too long to answer. It may be overloaded or unreachable.'],
  [
    'API_CONTRACT',
    'ContractError',
    'The server answered in a form Lectern does not understand. This server may be a newer version.',
  ],
  ['API_UNSUPPORTED_OPERATION', 'UnsupportedOperation', 'This is not available on this server.'],
  ['API_BAD_REQUEST', 'BadRequest', 'The server could not understand the request.'],
  ['API_CANCELLED', 'Cancelled', 'Cancelled.'],
];

describe('describeError', () => {
  it.each(WORDING)(
    '%s reads the same as a call error, a draft’s stored error and a kind in details',
    (code, kind, sentence) => {
      expect(describeError(bridgeError(code))).toBe(sentence);
      // A draft's SyncError as stored: {code, kind, message, status, fieldErrors}.
      expect(describeError({ code: 'SYNC', kind, message: 'raw', status: 400, fieldErrors: [] })).toBe(sentence);
      expect(describeError(bridgeError('SOMETHING_ELSE', 'raw', { kind }))).toBe(sentence);
      expect(errorCode(bridgeError(code))).toBe(kind);
      // Never main's raw text for these: the sentence is the app's own.
      expect(sentence).not.toContain('raw');
    },
  );

  it('names the subject, and explains a 403 for a service-provider key', () => {
    expect(describeError(bridgeError('API_NOT_FOUND'), { subject: 'thisCourse' })).toBe(
      'The server no longer has this course. It may have been deleted elsewhere.',
    );
    expect(describeError(bridgeError('API_FORBIDDEN'), { subject: 'assessments', keyMode: 'service-provider' })).toBe(
      'This key can’t see assessments — it is a service-provider key.',
    );
    expect(describeError(bridgeError('API_FORBIDDEN'), { subject: 'assessments', keyMode: 'tenant' })).toBe(
      'This key is not allowed to open assessments. Ask your administrator for the learning permissions, or check that the learning module is enabled.',
    );
  });

  it('lists the issues of refused input, with and without a path', () => {
    const error = bridgeError('INVALID_INPUT', 'Invalid input.', {
      issues: [
        { path: 'title', message: 'Too long' },
        { path: '', message: 'Unknown field' },
      ],
    });
    expect(describeError(error)).toBe('Some values are not in the expected form: title — Too long; Unknown field.');
    expect(describeError(bridgeError('INVALID_INPUT', 'Invalid input.'))).toBe(
      'Some values are not in the expected form.',
    );
    expect(describeError(bridgeError('DRAFT_INVALID'))).toBe(
      'Some fields contain invalid values. They are marked below.',
    );
  });

  it('shows messages main wrote for users as they are, with a fallback when there is none', () => {
    expect(describeError(bridgeError('KEYCHAIN_UNAVAILABLE', 'The system keychain is locked.'))).toBe(
      'The system keychain is locked.',
    );
    expect(describeError(bridgeError('BRIDGE_UNAVAILABLE', 'Lectern lost its connection.'))).toBe(
      'Lectern lost its connection.',
    );
    expect(describeError(bridgeError('BRIDGE_UNAVAILABLE', ''))).toBe('Lectern’s background process is not reachable.');
    expect(describeError(bridgeError('INTERNAL', ''))).toBe(
      'Something went wrong inside Lectern. The details were written to the log.',
    );
    expect(describeError(bridgeError('DRAFT_LOCKED', ''))).toBe('Something went wrong.');
  });

  it('reads anything thrown: Errors, strings, nothing', () => {
    expect(describeError(new Error('There are no changes to save.'))).toBe('There are no changes to save.');
    expect(describeError('plain words')).toBe('plain words');
    expect(describeError(undefined)).toBe('Something went wrong.');
    expect(describeError(null)).toBe('Something went wrong.');
    expect(errorParts(42)).toEqual({ code: 'UNKNOWN', kind: null, message: '', details: undefined });
  });
});

describe('isOfflineError', () => {
  it('is true only for "no connection", however it arrives', () => {
    expect(isOfflineError(bridgeError('API_NETWORK'))).toBe(true);
    expect(isOfflineError(bridgeError('API_TIMEOUT'))).toBe(true);
    expect(isOfflineError(bridgeError('BRIDGE_UNAVAILABLE'))).toBe(true);
    expect(isOfflineError({ code: 'SYNC', kind: 'Network', message: '' })).toBe(true);
    expect(isOfflineError(bridgeError('SOMETHING', '', { kind: 'Timeout' }))).toBe(true);
    for (const code of ['API_SERVER_ERROR', 'API_UNAUTHORIZED', 'API_FORBIDDEN', 'INTERNAL', 'UNKNOWN']) {
      expect(isOfflineError(bridgeError(code))).toBe(false);
    }
    expect(isOfflineError(new Error('fetch failed'))).toBe(false);
  });
});

describe('fieldErrorsOf', () => {
  it('collects field errors from a draft, a 422 and refused input, first message per field', () => {
    expect(
      fieldErrorsOf(
        bridgeError('DRAFT_INVALID', '', {
          fieldErrors: [
            { field: 'title', message: 'Required.' },
            { field: 'title', message: 'Second word on title.' },
          ],
          errors: [
            { field: 'title', message: 'From the server.' },
            { field: 'total_points', code: 'invalid', message: 'Must be positive.' },
          ],
          issues: [{ path: 'duration_hours', message: 'Expected a number.' }],
        }),
      ),
    ).toEqual({ title: 'Required.', total_points: 'Must be positive.', duration_hours: 'Expected a number.' });
  });

  it('reads a stored SyncError (its field errors sit on the error itself) and ignores malformed items', () => {
    const stored = {
      code: 'SYNC',
      kind: 'Validation',
      message: '',
      status: 422,
      fieldErrors: [{ field: 'description', code: 'blank', message: 'Say something.' }, { field: 3 }],
    };
    expect(fieldErrorsOf(stored)).toEqual({ description: 'Say something.' });
    expect(fieldErrorsOf(bridgeError('API_SERVER_ERROR'))).toEqual({});
    expect(fieldErrorsOf('nothing')).toEqual({});
  });
});

describe('connection failures: a sentence, and the raw code only under Details', () => {
  const networkError = (systemCode: string | null) =>
    bridgeError('API_NETWORK', `sentence from main (${systemCode}: GET /v1/external/learning/categories)`, {
      kind: 'Network',
      status: null,
      method: 'GET',
      path: '/v1/external/learning/categories',
      notSent: true,
      systemCode,
    });

  it('a certificate for another address reads as that, never as offline or "nothing answered"', () => {
    const error = networkError('ERR_TLS_CERT_ALTNAME_INVALID');
    const sentence = describeError(error);
    expect(sentence.startsWith('This server’s certificate is for a different address')).toBe(true);
    expect(sentence).not.toMatch(/offline|nothing answered|ERR_/i);
    expect(errorDetail(error)).toBe(
      'API_NETWORK · ERR_TLS_CERT_ALTNAME_INVALID · GET /v1/external/learning/categories',
    );
  });

  it('a self-signed or expired certificate has its own sentence', () => {
    expect(describeError(networkError('DEPTH_ZERO_SELF_SIGNED_CERT'))).toContain('self-signed');
    expect(describeError(networkError('CERT_HAS_EXPIRED'))).toContain('has expired');
  });

  it('a plain lost connection stays the offline sentence (a wait, not a failure)', () => {
    expect(describeError(networkError('ECONNREFUSED'))).toBe(
      'You are offline or the server cannot be reached. Lectern shows what it has saved locally.',
    );
    expect(systemCodeOf(networkError('ECONNREFUSED'))).toBe('ECONNREFUSED');
  });

  it('a workspace that could not be reached: main’s sentence, and Details with the code and what main wrote', () => {
    const error = bridgeError(
      'SERVER_UNREACHABLE',
      'This server’s certificate is for a different address… (https://x)',
      {
        baseUrl: 'https://x',
        systemCode: 'ERR_TLS_CERT_ALTNAME_INVALID',
        technical: 'This server’s … (ERR_TLS_CERT_ALTNAME_INVALID: GET /v1/…)',
      },
    );
    expect(describeError(error)).toBe('This server’s certificate is for a different address… (https://x)');
    expect(errorDetail(error)).toBe(
      'SERVER_UNREACHABLE · ERR_TLS_CERT_ALTNAME_INVALID · This server’s … (ERR_TLS_CERT_ALTNAME_INVALID: GET /v1/…)',
    );
  });

  it('an error with nothing technical to add has no Details', () => {
    expect(errorDetail(bridgeError('PROFILE_NAME_TAKEN', 'A workspace named "x" already exists.'))).toBeNull();
    expect(errorDetail('just words')).toBeNull();
  });
});
