/**
 * A rejected save is said once: at the field it is about (the server address, the key, the name),
 * and on the form line only when no field shows it; the raw code goes to Details.
 */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../bridge.ts';
import { splitFailure } from './profile-form.ts';

describe('splitFailure', () => {
  it('a certificate for another address: the sentence at the address field, Details with the code, no form line', () => {
    const sentence = 'This server’s certificate is for a different address, so Lectern did not trust it. (https://x)';
    const error = new BridgeError({
      code: 'SERVER_UNREACHABLE',
      message: sentence,
      details: { baseUrl: 'https://x', systemCode: 'ERR_TLS_CERT_ALTNAME_INVALID', technical: 'raw' },
    });
    const { errors, failure } = splitFailure(error);
    expect(errors).toEqual({ baseUrl: sentence });
    expect(failure.message).toBeNull();
    expect(failure.detail).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(Object.values(errors).join(' ')).not.toMatch(/Nothing answered/);
  });

  it('a rejected key: said at the key field only', () => {
    const error = new BridgeError({ code: 'KEY_REJECTED', message: 'Key not accepted: … answered 401', details: {} });
    const { errors, failure } = splitFailure(error);
    expect(errors).toEqual({ apiKey: 'The server did not accept this key. Check it and try again.' });
    expect(failure.message).toBeNull();
  });

  it('a failure about no field: said on the form line', () => {
    const error = new BridgeError({ code: 'KEYCHAIN_UNAVAILABLE', message: 'The system keychain is locked.' });
    expect(splitFailure(error)).toEqual({
      errors: {},
      failure: { message: 'The system keychain is locked.', detail: null },
    });
  });
});
