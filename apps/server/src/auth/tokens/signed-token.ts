/**
 * Compact HS256 tokens in the JWT format (header.payload.signature, base64url), so API clients and tools
 * can read the claims they are used to (`sub`, `iat`, `exp`). Only HS256 is accepted: the header's `alg`
 * is checked, never trusted, which rules out the classic `alg: none` and algorithm-confusion attacks.
 * Pure functions of (key, claims, now) so expiry is testable without waiting.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** Subject: the user id as a string, or the guest's username for guest tokens. */
  sub: string;
  /** What the token may be used for; a refresh token must not open the API, a guest token not the admin. */
  type: 'access' | 'refresh' | 'guest' | 'render';
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  [claim: string]: unknown;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(key: Buffer, input: string): Buffer {
  return createHmac('sha256', key).update(input).digest();
}

export function signToken(key: Buffer, claims: TokenClaims): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(key, body).toString('base64url')}`;
}

export type VerifyFailure = 'malformed' | 'bad_signature' | 'expired' | 'wrong_type';

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure };

export function verifyToken(
  key: Buffer,
  token: string,
  expectedType: TokenClaims['type'],
  nowMs: number,
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts;
  const expected = sign(key, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  let claims: TokenClaims;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return { ok: false, reason: 'malformed' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (
    typeof claims !== 'object' ||
    claims === null ||
    typeof claims.sub !== 'string' ||
    typeof claims.exp !== 'number'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.type !== expectedType) return { ok: false, reason: 'wrong_type' };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/**
 * One key per purpose, derived from SECRET_KEY, so a value signed for one use (a CSRF token, a session
 * cookie, a guest token) can never be replayed as another.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`strata:${purpose}`).digest();
}
