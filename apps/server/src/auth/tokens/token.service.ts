/**
 * Bearer tokens for API clients (`POST /api/v1/security/login`) and guest tokens for embedding. An access
 * token is short-lived (15 minutes, as Flask-AppBuilder's default); a refresh token (30 days) gets new ones.
 * Both carry the id of their server-side session (`sid`, SessionService): the Authenticator accepts them
 * only while that session lives and the user is active, so logout, a password change or a deactivation
 * ends them at once. This class only signs and checks; it keeps no state.
 */
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { GuestIdentity } from '../current-user';
import { deriveKey, signToken, verifyToken, type TokenClaims } from './signed-token';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** As Superset's GUEST_TOKEN_JWT_EXP_SECONDS: the host application asks for a new one when it runs out. */
export const GUEST_TOKEN_TTL_SECONDS = 300;
/**
 * The report renderer's token (report-render/CONTEXT.md): Chromium signs in as a report's owner with it
 * for one render, so it lives minutes, never the 15 of an access token.
 */
export const RENDER_TOKEN_TTL_SECONDS = 5 * 60;

@Injectable()
export class TokenService {
  private readonly accessKey: Buffer;
  private readonly guestKey: Buffer;
  private readonly renderKey: Buffer;

  constructor(config: AppConfig) {
    this.accessKey = deriveKey(config.secretKey, 'api-token');
    this.guestKey = deriveKey(config.secretKey, 'guest-token');
    // Its own key: an access token is never accepted as a render token, nor the reverse.
    this.renderKey = deriveKey(config.secretKey, 'render-token');
  }

  /** A signed access token of the user's token session `sid`, e.g. for `Authorization: Bearer <token>`. */
  issue(userId: number, sid: string, nowMs = Date.now()): string {
    return this.sign(this.accessKey, String(userId), 'access', ACCESS_TOKEN_TTL_SECONDS, nowMs, { sid });
  }

  issueRefresh(userId: number, sid: string, nowMs = Date.now()): string {
    return this.sign(this.accessKey, String(userId), 'refresh', REFRESH_TOKEN_TTL_SECONDS, nowMs, { sid });
  }

  /**
   * Who an access (or refresh) token was issued to and its session id, or null when it is forged, expired,
   * of another type, or from before tokens had sessions (it could not be revoked).
   */
  verify(
    token: string,
    type: 'access' | 'refresh' = 'access',
    nowMs = Date.now(),
  ): { userId: number; sid: string } | null {
    const result = verifyToken(this.accessKey, token, type, nowMs);
    if (!result.ok) return null;
    const userId = Number(result.claims.sub);
    const sid = result.claims.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sid !== 'string' || sid.length === 0) return null;
    return { userId, sid };
  }

  /** A render token of the token session `sid` (ApiTokens.renderToken), for the X-Strata-Render-Token header. */
  issueRender(userId: number, sid: string, nowMs = Date.now()): string {
    return this.sign(this.renderKey, String(userId), 'render', RENDER_TOKEN_TTL_SECONDS, nowMs, { sid });
  }

  verifyRender(token: string, nowMs = Date.now()): { userId: number; sid: string } | null {
    const result = verifyToken(this.renderKey, token, 'render', nowMs);
    if (!result.ok) return null;
    const userId = Number(result.claims.sub);
    const sid = result.claims.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sid !== 'string' || sid.length === 0) return null;
    return { userId, sid };
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
