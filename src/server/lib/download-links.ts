import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../plugins/errors';

// Short-lived download links (issue 25): a call that answers a link (an invoice's document, the invoice template)
// signs what the link serves, for whom and until when; the link's own call, which still needs the session, serves the
// file only to the session that asked for it, before the link expires, and while what it names is unchanged (the
// subject names the stored file, so a replaced file's old links stop working). Signed with a key derived from the
// token secret (TokenSigner.deriveKey), so any API process verifies a link another one made, and nothing is stored.

/** How long a link works: long enough to start a download, short enough that a copied link soon stops working. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

export interface DownloadLinkClaims {
  /** What the link serves ('invoice:<id>:<stored name>'). */
  subject: string;
  /** The session that asked for the link. */
  sessionId: string;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A token for the claims, valid until now + ttl. */
export function createDownloadToken(
  key: Buffer,
  claims: DownloadLinkClaims,
  now: number,
  ttlMs = DOWNLOAD_LINK_TTL_MS,
): string {
  const payload = Buffer.from(JSON.stringify({ s: claims.subject, sid: claims.sessionId, exp: now + ttlMs })).toString(
    'base64url',
  );
  return `${payload}.${sign(key, payload)}`;
}

const expired = () => new ApiError(400, 'download-link-expired');

/**
 * Checks a token against what the call is about to serve and who asks: a forged, expired or foreign token, or one made
 * for another file, is refused with 'download-link-expired' (the console asks for a new link).
 */
export function verifyDownloadToken(key: Buffer, token: string, expected: DownloadLinkClaims, now: number): void {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw expired();
  const wanted = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) throw expired();
  let claims: { s?: unknown; sid?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw expired();
  }
  if (
    claims.s !== expected.subject ||
    claims.sid !== expected.sessionId ||
    typeof claims.exp !== 'number' ||
    claims.exp <= now
  ) {
    throw expired();
  }
}
