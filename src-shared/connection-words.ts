/**
 * Shared (every process). A failed connection's system code (ECONNREFUSED, ENOTFOUND,
 * ERR_TLS_CERT_ALTNAME_INVALID, …) as one plain sentence. Main writes it into its errors and the
 * CLI prints it; the renderer shows it with the raw code behind "Details". One table, so a code
 * always reads the same way, and a TLS code never reads as "nothing answered".
 */

import { defineMessages, type MessageDescriptor, type Say } from './messages.ts';

export type ConnectionProblem =
  | 'wrong-name'
  | 'self-signed'
  | 'untrusted'
  | 'expired'
  | 'not-yet-valid'
  | 'tls'
  | 'refused'
  | 'not-found'
  | 'timed-out'
  | 'reset'
  | 'no-route'
  | 'unknown';

const PROBLEM_BY_CODE: Readonly<Record<string, ConnectionProblem>> = {
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_SIGNATURE_FAILURE: 'untrusted',
  CERT_REVOKED: 'untrusted',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  EPROTO: 'tls',
  ERR_SSL_WRONG_VERSION_NUMBER: 'tls',
  ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION: 'tls',
  ERR_TLS_HANDSHAKE_TIMEOUT: 'timed-out',
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'not-found',
  EAI_AGAIN: 'not-found',
  EAI_NONAME: 'not-found',
  ETIMEDOUT: 'timed-out',
  UND_ERR_CONNECT_TIMEOUT: 'timed-out',
  UND_ERR_HEADERS_TIMEOUT: 'timed-out',
  UND_ERR_BODY_TIMEOUT: 'timed-out',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  EHOSTUNREACH: 'no-route',
  ENETUNREACH: 'no-route',
  EADDRNOTAVAIL: 'no-route',
};

const SENTENCES: Readonly<Record<ConnectionProblem, MessageDescriptor>> = defineMessages({
  'wrong-name': {
    id: 'shared.connectionWords.wrongName',
    defaultMessage:
      'This server’s certificate is for a different address, so Lectern did not trust it. Check the address, or ask the server’s administrator.',
  },
  'self-signed': {
    id: 'shared.connectionWords.selfSigned',
    defaultMessage:
      'This server’s certificate is self-signed (not issued by an authority your computer trusts), so Lectern did not connect.',
  },
  untrusted: {
    id: 'shared.connectionWords.untrusted',
    defaultMessage:
      'This server’s certificate was not issued by an authority your computer trusts, so Lectern did not connect.',
  },
  expired: {
    id: 'shared.connectionWords.expired',
    defaultMessage:
      'This server’s certificate has expired, so Lectern did not connect. Ask the server’s administrator to renew it.',
  },
  'not-yet-valid': {
    id: 'shared.connectionWords.notYetValid',
    defaultMessage:
      'This server’s certificate is not valid yet. Check your computer’s date and time, or ask the server’s administrator.',
  },
  tls: {
    id: 'shared.connectionWords.tls',
    defaultMessage:
      'A secure connection to this server could not be set up. Check that the address starts with the right https:// or http://.',
  },
  refused: {
    id: 'shared.connectionWords.refused',
    defaultMessage:
      'The server at this address refused the connection. Check the address and port, and that the server is running.',
  },
  'not-found': {
    id: 'shared.connectionWords.notFound',
    defaultMessage:
      'No server is known by this name. Check the address for typing mistakes, and your internet connection.',
  },
  'timed-out': {
    id: 'shared.connectionWords.timedOut',
    defaultMessage: 'The server did not answer in time. It may be busy, or your connection may be slow or down.',
  },
  reset: {
    id: 'shared.connectionWords.reset',
    defaultMessage: 'The connection to the server was cut off. Try again; if it keeps happening, check your network.',
  },
  'no-route': {
    id: 'shared.connectionWords.noRoute',
    defaultMessage: 'Your computer cannot reach this address right now. Check your network connection.',
  },
  unknown: {
    id: 'shared.connectionWords.unknown',
    defaultMessage: 'Lectern could not connect to the server. Check the address and your connection.',
  },
});

/** The kind of problem a system code stands for ('unknown' for a code not in the table). */
export function connectionProblem(code: string | null | undefined): ConnectionProblem {
  return (code && PROBLEM_BY_CODE[code]) || 'unknown';
}

/** True for the certificate and handshake problems: retrying will not help, the address or server must change. */
export function isTlsProblem(code: string | null | undefined): boolean {
  const problem = connectionProblem(code);
  return ['wrong-name', 'self-signed', 'untrusted', 'expired', 'not-yet-valid', 'tls'].includes(problem);
}

/** One plain sentence for a connection failure's system code, in the language `say` speaks. */
export function connectionSentence(code: string | null | undefined, say: Say): string {
  return say(SENTENCES[connectionProblem(code)]);
}

/**
 * A sentence for people with its technical side (a code, the request) in brackets at the end, as
 * main writes a connection failure's message: "… is running. (ECONNREFUSED: GET /v1/…)". Screens
 * show the sentence and put the bracket behind "Details" (`splitTechnical`).
 */
export function withTechnical(sentence: string, technical: string): string {
  return `${sentence} (${technical})`;
}

/**
 * A connection failure as main records it in an error's message: the sentence for the system
 * `code`, and `technical` in brackets for "Details". In the catalogue's English: these messages
 * are for the CLI and the log, and screens word a failure themselves (the renderer's
 * describeError). The connection sentences have no placeholders, so their English words are the
 * message as written, and the API client needs no formatter (a CLI command loads none).
 */
export function connectionFailureMessage(code: string | null, technical: string): string {
  return withTechnical(
    connectionSentence(code, (descriptor) => descriptor.defaultMessage),
    technical,
  );
}

// A closing bracket that starts with an upper-case code (ECONNREFUSED, ERR_TLS_…, TIMEOUT), after a
// full sentence: what `withTechnical` wrote, and nothing a sentence for people would end with.
const TECHNICAL_TAIL = /^([\s\S]*?[.!?…])\s+\(([A-Z][A-Z0-9_]{2,}(?::[^()]*)?)\)$/;

/** The reverse of `withTechnical`: the sentence, and the technical side (null when there is none). */
export function splitTechnical(text: string): { sentence: string; technical: string | null } {
  const match = TECHNICAL_TAIL.exec(text.trim());
  return match ? { sentence: match[1]!, technical: match[2]! } : { sentence: text, technical: null };
}
