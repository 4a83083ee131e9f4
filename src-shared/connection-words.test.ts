// Shared tests. Every connection code the table names reads as its own plain sentence; certificate
// codes never read like "nothing answered"; an unknown code still gets a sentence, never the code.
import { describe, expect, it } from 'vitest';
import { sayEnglish } from './test-support/say.ts';
import {
  connectionProblem,
  connectionSentence,
  isTlsProblem,
  splitTechnical,
  withTechnical,
} from './connection-words.ts';

describe('connection words', () => {
  it.each([
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong-name', 'certificate is for a different address'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed', 'self-signed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed', 'self-signed'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted', 'not issued by an authority'],
    ['CERT_HAS_EXPIRED', 'expired', 'has expired'],
    ['CERT_NOT_YET_VALID', 'not-yet-valid', 'date and time'],
    ['ECONNREFUSED', 'refused', 'refused the connection'],
    ['ENOTFOUND', 'not-found', 'No server is known by this name'],
    ['EAI_AGAIN', 'not-found', 'No server is known by this name'],
    ['ETIMEDOUT', 'timed-out', 'did not answer in time'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timed-out', 'did not answer in time'],
    ['ECONNRESET', 'reset', 'cut off'],
    ['UND_ERR_SOCKET', 'reset', 'cut off'],
    ['EHOSTUNREACH', 'no-route', 'cannot reach this address'],
  ])('%s → %s', (code, problem, words) => {
    expect(connectionProblem(code)).toBe(problem);
    const sentence = connectionSentence(code, sayEnglish);
    expect(sentence).toContain(words);
    expect(sentence).not.toContain(code);
    expect(sentence).toMatch(/^[A-Z].*\.$/);
  });

  it('certificate codes are TLS problems and never read as "nothing answered" or "unreachable"', () => {
    for (const code of ['ERR_TLS_CERT_ALTNAME_INVALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED']) {
      expect(isTlsProblem(code)).toBe(true);
      expect(connectionSentence(code, sayEnglish)).not.toMatch(/nothing answered|unreachable|offline/i);
    }
    expect(isTlsProblem('ECONNREFUSED')).toBe(false);
  });

  it('an unknown or missing code still reads as a sentence', () => {
    expect(connectionProblem('E_SOMETHING_NEW')).toBe('unknown');
    expect(connectionSentence(null, sayEnglish)).toBe(
      'Lectern could not connect to the server. Check the address and your connection.',
    );
  });

  it('each problem has its own sentence (said once, not shared by two problems)', () => {
    const codes = [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_GET_ISSUER_CERT',
      'CERT_HAS_EXPIRED',
      'CERT_NOT_YET_VALID',
      'EPROTO',
      'ECONNREFUSED',
      'ENOTFOUND',
      'ETIMEDOUT',
      'ECONNRESET',
      'ENETUNREACH',
      'X',
    ];
    expect(new Set(codes.map((code) => connectionSentence(code, sayEnglish))).size).toBe(codes.length);
  });

  it('a sentence and its technical side: written together by main, split again for "Details"', () => {
    const sentence = connectionSentence('ECONNREFUSED', sayEnglish);
    const written = withTechnical(sentence, 'ECONNREFUSED: GET /v1/external/learning/categories');
    expect(written).toBe(`${sentence} (ECONNREFUSED: GET /v1/external/learning/categories)`);
    expect(splitTechnical(written)).toEqual({
      sentence,
      technical: 'ECONNREFUSED: GET /v1/external/learning/categories',
    });
    expect(
      splitTechnical(withTechnical('The server did not answer in time.', 'TIMEOUT: Connect timed out: GET /x')),
    ).toEqual({ sentence: 'The server did not answer in time.', technical: 'TIMEOUT: Connect timed out: GET /x' });
  });

  it('a sentence for people that merely ends in brackets is left whole', () => {
    for (const text of [
      'You are offline.',
      'The server refused to delete the section “Intro”: it still holds lessons (409).',
      'Could not reach the server (https://lms.example.com).',
      'Saved (just now)',
    ]) {
      expect(splitTechnical(text)).toEqual({ sentence: text, technical: null });
    }
  });
});
