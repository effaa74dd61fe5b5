/**
 * API clients' sign-in: a token session (SessionService, kind 'token') plus the signed tokens that name
 * it. Logging out ends the session, and with it every access and refresh token of that sign-in.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionService } from '../sessions/session.service';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  RENDER_TOKEN_TTL_SECONDS,
  TokenService,
} from './token.service';

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
}

type Client = { ip: string | null; userAgent: string | null };
const NO_CLIENT: Client = { ip: null, userAgent: null };

@Injectable()
export class ApiTokens {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly dataSource: DataSource,
  ) {}

  /** A new token session for the user; it lasts as long as the longest token issued with it. */
  async issue(
    userId: number,
    options: { refresh?: boolean; client?: Client; tx?: EntityManager } = {},
  ): Promise<IssuedTokens> {
    const now = Date.now();
    const ttl = options.refresh ? REFRESH_TOKEN_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS;
    const expiresOn = new Date((Math.floor(now / 1000) + ttl) * 1000);
    const { sid } = await this.sessions.createTokenSession(
      userId,
      expiresOn,
      options.client ?? NO_CLIENT,
      options.tx ?? this.dataSource.manager,
    );
    const access_token = this.tokens.issue(userId, sid, now);
    return options.refresh
      ? { access_token, refresh_token: this.tokens.issueRefresh(userId, sid, now) }
      : { access_token };
  }

  /** Tests and tools: an access token for a user without a password round trip. */
  async accessToken(userId: number): Promise<string> {
    return (await this.issue(userId)).access_token;
  }

  /**
   * The report renderer signing in as `userId` without a password: a token session that ends with the
   * token (minutes), so a leaked render token dies with it even if its signature were still checked.
   * Only the X-Strata-Render-Token header takes it, and the guard lets it read and query charts only.
   */
  async renderToken(userId: number, nowMs = Date.now()): Promise<string> {
    const expiresOn = new Date((Math.floor(nowMs / 1000) + RENDER_TOKEN_TTL_SECONDS) * 1000);
    const { sid } = await this.sessions.createTokenSession(
      userId,
      expiresOn,
      { ip: null, userAgent: 'strata report renderer' },
      this.dataSource.manager,
    );
    return this.tokens.issueRender(userId, sid, nowMs);
  }

  /** The user a refresh token speaks for while its session lives, and a new access token of that session. */
  async refresh(refreshToken: string): Promise<{ userId: number; accessToken: string } | null> {
    const claims = this.tokens.verify(refreshToken, 'refresh');
    const session = claims ? await this.sessions.resolveToken(claims.sid) : null;
    if (!claims || !session || session.userId !== claims.userId) return null;
    return { userId: claims.userId, accessToken: this.tokens.issue(claims.userId, claims.sid) };
  }

  /** Ends the session of an access or a refresh token; null when the token names no live session. */
  async revoke(token: string): Promise<{ userId: number; idHash: string } | null> {
    const claims = this.tokens.verify(token, 'access') ?? this.tokens.verify(token, 'refresh');
    const ended = claims ? await this.sessions.endToken(claims.sid) : null;
    return ended && claims && ended.userId === claims.userId ? { userId: ended.userId, idHash: ended.idHash } : null;
  }
}
