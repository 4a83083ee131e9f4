// Main process / plain Node. Presigned storage URLs: HMAC-SHA256 over method, path and expiry, with a
// secret kept in the sandbox database so URLs stay valid across a restart with --data.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const STORAGE_PREFIX = '/storage';

export function partPath(uploadId: string, partNumber: number): string {
  return `${STORAGE_PREFIX}/uploads/${uploadId}/parts/${partNumber}`;
}

export function assetPath(uploadId: string): string {
  return `${STORAGE_PREFIX}/assets/${uploadId}`;
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export class UrlSigner {
  private readonly secret: Buffer;

  constructor(secret: Buffer) {
    this.secret = secret;
  }

  /** Absolute URL for `method path`, valid until `expiresAtSeconds` (unix seconds). */
  sign(origin: string, method: 'PUT' | 'GET', path: string, expiresAtSeconds: number): string {
    const signature = this.signature(method, path, expiresAtSeconds);
    return `${origin}${path}?expires=${expiresAtSeconds}&signature=${signature}`;
  }

  verify(
    method: 'PUT' | 'GET',
    path: string,
    expires: string | undefined,
    signature: string | undefined,
    nowMs = Date.now(),
  ): SignatureCheck {
    if (
      expires === undefined ||
      signature === undefined ||
      !/^\d{1,12}$/.test(expires) ||
      !/^[0-9a-f]{64}$/.test(signature)
    ) {
      return 'invalid';
    }
    const expected = Buffer.from(this.signature(method, path, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    // Checked after the signature, so a tampered expiry is "invalid", not "expired".
    return Number(expires) * 1000 <= nowMs ? 'expired' : 'ok';
  }

  private signature(method: string, path: string, expiresAtSeconds: number): string {
    return createHmac('sha256', this.secret).update(`${method}\n${path}\n${expiresAtSeconds}`).digest('hex');
  }
}

/** The absolute links a response carries: its origin, and signed asset URLs (context.ts's linksFor). */
export interface Links {
  origin: string;
  /** A fresh signed GET URL of a completed upload's bytes. */
  assetUrl(uploadId: string): string;
  /** Lifetime of the URLs that assetUrl returns, in seconds. */
  ttlSeconds: number;
}
