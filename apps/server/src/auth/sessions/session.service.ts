/**
 * Browser sessions. The cookie holds a random id; the table holds only its SHA-256, so a leaked database
 * dump cannot be replayed as cookies, and deleting the row really ends the session (unlike a signed,
 * stateless cookie that stays valid until it expires).
 *
 * API tokens (bearer access and refresh tokens) have a row too, of kind 'token': the tokens carry its
 * random id (`sid`) and are only accepted while the row lives, so logout ends them before they expire.
 *
 * CSRF tokens are an HMAC of the session's hash with a key derived from SECRET_KEY: they need no storage,
 * die with the session, and cannot be computed by anyone who does not hold both.
 */
import { Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { deriveKey } from '../tokens/signed-token';

export const SESSION_COOKIE = 'strata_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export interface Session {
  /** SHA-256 of the cookie value: the row's key and the session's public, opaque id. */
  idHash: string;
  userId: number;
}

export interface NewSession extends Session {
  /** The cookie value. Only ever sent to the browser, never stored. */
  cookieValue: string;
  expiresOn: Date;
}

const hashId = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('base64url');

@Injectable()
export class SessionService {
  private readonly csrfKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.csrfKey = deriveKey(config.secretKey, 'csrf');
  }

  async create(
    userId: number,
    client: { ip: string | null; userAgent: string | null },
    tx: EntityManager = this.dataSource.manager,
  ): Promise<NewSession> {
    const cookieValue = randomBytes(32).toString('base64url');
    const idHash = hashId(cookieValue);
    const expiresOn = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    // Housekeeping rides along with logins instead of needing a scheduler.
    await tx.query(`DELETE FROM sessions WHERE user_id = $1 AND expires_on < now()`, [userId]);
    await tx.query(
      `INSERT INTO sessions (id_hash, user_id, created_on, expires_on, user_agent, ip) VALUES ($1, $2, now(), $3, $4, $5)`,
      [idHash, userId, expiresOn, client.userAgent?.slice(0, 512) ?? null, client.ip],
    );
    return { cookieValue, idHash, userId, expiresOn };
  }

  /**
   * The session of a new pair of API tokens, valid until `expiresOn` (the refresh token's expiry, or the
   * access token's when there is none). `sid` goes into the tokens; the table keeps only its hash.
   */
  async createTokenSession(
    userId: number,
    expiresOn: Date,
    client: { ip: string | null; userAgent: string | null },
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ sid: string; idHash: string }> {
    const sid = randomBytes(16).toString('base64url');
    const idHash = hashId(sid);
    await tx.query(`DELETE FROM sessions WHERE user_id = $1 AND expires_on < now()`, [userId]);
    await tx.query(
      `INSERT INTO sessions (id_hash, user_id, created_on, expires_on, user_agent, ip, kind) VALUES ($1, $2, now(), $3, $4, $5, 'token')`,
      [idHash, userId, expiresOn, client.userAgent?.slice(0, 512) ?? null, client.ip],
    );
    return { sid, idHash };
  }

  /** The live session a cookie value belongs to, or null when it is unknown, ended or expired. */
  resolve(cookieValue: string): Promise<Session | null> {
    return this.find(cookieValue, 'cookie');
  }

  /** The live session of an API token's `sid`, or null when it was ended (logout) or expired. */
  resolveToken(sid: string): Promise<Session | null> {
    return this.find(sid, 'token');
  }

  /** Whether the session with this id hash (a CurrentUser's sessionId or tokenSessionId) still lives. */
  async isLive(idHash: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM sessions WHERE id_hash = $1 AND expires_on > now()`, [
      idHash,
    ])) as unknown[];
    return rows.length > 0;
  }

  end(cookieValue: string): Promise<Session | null> {
    return this.delete(cookieValue, 'cookie');
  }

  /** Logout of an API client: its access and refresh tokens (one sid) stop working at once. */
  endToken(sid: string): Promise<Session | null> {
    return this.delete(sid, 'token');
  }

  private async find(secret: string, kind: 'cookie' | 'token'): Promise<Session | null> {
    if (secret.length === 0 || secret.length > 128) return null;
    const rows = (await this.dataSource.query(
      `SELECT id_hash, user_id FROM sessions WHERE id_hash = $1 AND kind = $2 AND expires_on > now()`,
      [hashId(secret), kind],
    )) as { id_hash: string; user_id: number }[];
    return rows[0] ? { idHash: rows[0].id_hash, userId: rows[0].user_id } : null;
  }

  private async delete(secret: string, kind: 'cookie' | 'token'): Promise<Session | null> {
    const rows = (await this.dataSource.query(
      `DELETE FROM sessions WHERE id_hash = $1 AND kind = $2 RETURNING id_hash, user_id`,
      [hashId(secret), kind],
    )) as [{ id_hash: string; user_id: number }[], number];
    const row = rows[0]?.[0];
    return row ? { idHash: row.id_hash, userId: row.user_id } : null;
  }

  /** Logs a user out everywhere, browser sessions and API tokens (password changed, account deactivated). */
  async endAllFor(userId: number, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  }

  csrfToken(sessionIdHash: string): string {
    return createHmac('sha256', this.csrfKey).update(sessionIdHash).digest('base64url');
  }

  isValidCsrfToken(sessionIdHash: string, given: string): boolean {
    const expected = Buffer.from(this.csrfToken(sessionIdHash));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
