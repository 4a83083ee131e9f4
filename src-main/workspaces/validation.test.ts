// Tests (plain Node): normalizing what users type for a workspace, and the key hint rule.
import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from './capabilities.ts';
import { InvalidProfile } from './errors.ts';
import { keyHint, normalizeApiKey, normalizeBaseUrl, normalizeName } from './validation.ts';

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://API.example.com:8443/learning//  ', 'https://api.example.com:8443/learning'],
    ['https://api.example.com/v1/external/learning', 'https://api.example.com'],
    ['https://api.example.com/base/v1/external/learning/', 'https://api.example.com/base'],
    ['http://127.0.0.1:5123', 'http://127.0.0.1:5123'],
    ['http://localhost:8000/', 'http://localhost:8000'],
    ['http://[::1]:8000', 'http://[::1]:8000'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  it.each([
    '',
    'api.example.com',
    'ftp://example.com',
    'http://api.example.com',
    'https://a:b@example.com',
    'https://e.com/#x',
    'https://e.com/?q=1',
  ])('refuses %j', (input) => {
    expect(() => normalizeBaseUrl(input)).toThrow(InvalidProfile);
  });
});

describe('normalizeApiKey', () => {
  it('trims a pasted key and otherwise keeps it as is', () => {
    expect(normalizeApiKey('  abc_DEF-123.~+/=\n')).toBe('abc_DEF-123.~+/=');
  });
  it.each(['', '   ', 'Bearer abc', 'two words', 'tab\there', 'ünïcode'])(
    'refuses %j with a message that does not echo it',
    (input) => {
      let error: unknown;
      try {
        normalizeApiKey(input);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidProfile);
      if (input.trim()) expect((error as Error).message).not.toContain(input.trim());
    },
  );
});

describe('keyHint', () => {
  it('is the last four characters of keys of 16+ characters, and nothing for shorter keys', () => {
    expect(keyHint('sbx_tenant_admin_abcdef0123456789')).toBe('6789');
    expect(keyHint('0123456789abcdef')).toBe('cdef');
    expect(keyHint('0123456789abcde')).toBeNull();
  });
});

describe('normalizeName', () => {
  it('collapses whitespace and refuses control characters', () => {
    expect(normalizeName('  My   staging ')).toBe('My staging');
    expect(() => normalizeName('bad\u0007name')).toThrow(InvalidProfile);
  });
});

describe('capabilitiesFor', () => {
  it('service-provider keys lose tenant-only features with one line of reason', () => {
    expect(capabilitiesFor('service-provider', 'full')).toMatchObject({ assessments: false, assignments: false });
    expect(capabilitiesFor('tenant', null)).toEqual({ assessments: true, assignments: true, reason: null });
    expect(capabilitiesFor('tenant', 'assessments-forbidden')).toMatchObject({ assessments: false, assignments: true });
    expect(capabilitiesFor('tenant', 'module-forbidden').reason).toMatch(/learning module/);
  });
});
