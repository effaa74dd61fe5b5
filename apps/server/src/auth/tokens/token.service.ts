/**
 * Bearer tokens for API clients (`POST /api/v1/security/login`) and guest tokens for embedding. Stateless:
 * an access token is valid until it expires, so it is short-lived (15 minutes, as Flask-AppBuilder's
 * default); a refresh token (30 days) gets new ones. Whether the user still exists and is active is checked
 * on every request by the Authenticator, so deactivation takes effect at once.
 */
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { GuestIdentity } from '../current-user';
import { deriveKey, signToken, verifyToken, type TokenClaims } from './signed-token';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** As Superset's GUEST_TOKEN_JWT_EXP_SECONDS: the host application asks for a new one when it runs out. */
export const GUEST_TOKEN_TTL_SECONDS = 300;

@Injectable()
export class TokenService {
  private readonly accessKey: Buffer;
  private readonly guestKey: Buffer;

  constructor(config: AppConfig) {
    this.accessKey = deriveKey(config.secretKey, 'api-token');
    this.guestKey = deriveKey(config.secretKey, 'guest-token');
  }

  /** A signed access token for the user, e.g. for `Authorization: Bearer <token>`. */
  issue(userId: number, nowMs = Date.now()): string {
    return this.sign(this.accessKey, String(userId), 'access', ACCESS_TOKEN_TTL_SECONDS, nowMs);
  }

  issueRefresh(userId: number, nowMs = Date.now()): string {
    return this.sign(this.accessKey, String(userId), 'refresh', REFRESH_TOKEN_TTL_SECONDS, nowMs);
  }

  /** The user id an access (or refresh) token was issued to, or null when it is forged, expired or of another type. */
  verify(token: string, type: 'access' | 'refresh' = 'access', nowMs = Date.now()): number | null {
    const result = verifyToken(this.accessKey, token, type, nowMs);
    if (!result.ok) return null;
    const id = Number(result.claims.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  issueGuest(guest: GuestIdentity, nowMs = Date.now()): string {
    return this.sign(this.guestKey, guest.user.username, 'guest', GUEST_TOKEN_TTL_SECONDS, nowMs, {
      user: guest.user,
      resources: guest.resources,
      rls_rules: guest.rls,
    });
  }

  verifyGuest(token: string, nowMs = Date.now()): GuestIdentity | null {
    const result = verifyToken(this.guestKey, token, 'guest', nowMs);
    if (!result.ok) return null;
    const { user, resources, rls_rules: rls } = result.claims as TokenClaims & Partial<Record<string, unknown>>;
    if (!isGuestUser(user) || !Array.isArray(resources) || !Array.isArray(rls)) return null;
    return { user, resources: resources as GuestIdentity['resources'], rls: rls as GuestIdentity['rls'] };
  }

  private sign(
    key: Buffer,
    sub: string,
    type: TokenClaims['type'],
    ttlSeconds: number,
    nowMs: number,
    extra: Record<string, unknown> = {},
  ): string {
    const iat = Math.floor(nowMs / 1000);
    return signToken(key, { ...extra, sub, type, iat, exp: iat + ttlSeconds });
  }
}

function isGuestUser(value: unknown): value is GuestIdentity['user'] {
  return typeof value === 'object' && value !== null && typeof (value as { username?: unknown }).username === 'string';
}
