import { AppConfig } from '../../config/app-config';
import { deriveKey, signToken, verifyToken } from './signed-token';
import { ACCESS_TOKEN_TTL_SECONDS, GUEST_TOKEN_TTL_SECONDS, TokenService } from './token.service';

const config = (secret: string) =>
  new AppConfig(8088, 'postgres://x', undefined, undefined, secret, '/tmp/strata', undefined, undefined, 'test');

describe('TokenService (HMAC-SHA256 bearer tokens)', () => {
  const tokens = new TokenService(config('a-test-secret-key-of-enough-length'));
  const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);

  const of42 = { userId: 42, sid: 'session-1' };

  it('issues a token that verifies to the user id and its session until it expires', () => {
    const token = tokens.issue(42, 'session-1', t0);
    expect(tokens.verify(token, 'access', t0)).toEqual(of42);
    expect(tokens.verify(token, 'access', t0 + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)).toEqual(of42);
    expect(tokens.verify(token, 'access', t0 + ACCESS_TOKEN_TTL_SECONDS * 1000)).toBeNull();
  });

  it('is a JWT with the usual claims, so API clients can read its expiry', () => {
    const [header, payload] = tokens.issue(7, 'session-7', t0).split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      sid: 'session-7',
      sub: '7',
      type: 'access',
      iat: t0 / 1000,
      exp: t0 / 1000 + ACCESS_TOKEN_TTL_SECONDS,
    });
  });

  it('refuses a token signed with another SECRET_KEY', () => {
    const other = new TokenService(config('another-secret-key-of-enough-length'));
    expect(tokens.verify(other.issue(42, 'session-1', t0), 'access', t0)).toBeNull();
  });

  it('refuses a token whose claims were edited after signing', () => {
    const [header, , signature] = tokens.issue(42, 'session-1', t0).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', type: 'access', iat: t0 / 1000, exp: t0 / 1000 + 60 }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${forged}.${signature}`, 'access', t0)).toBeNull();
  });

  it("refuses alg 'none' even with an empty signature", () => {
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '1', type: 'access', iat: 0, exp: 9e9 })).toString('base64url');
    expect(tokens.verify(`${none}.${body}.`, 'access', t0)).toBeNull();
    const key = deriveKey('a-test-secret-key-of-enough-length', 'api-token');
    expect(verifyToken(key, `${none}.${body}.`, 'access', t0)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('keeps refresh tokens and access tokens apart', () => {
    const refresh = tokens.issueRefresh(42, 'session-1', t0);
    expect(tokens.verify(refresh, 'access', t0)).toBeNull();
    expect(tokens.verify(refresh, 'refresh', t0)).toEqual(of42);
    expect(tokens.verify(tokens.issue(42, 'session-1', t0), 'refresh', t0)).toBeNull();
  });

  it('refuses a token without a session id: nothing could ever revoke it', () => {
    const key = deriveKey('a-test-secret-key-of-enough-length', 'api-token');
    const legacy = signToken(key, { sub: '42', type: 'access', iat: t0 / 1000, exp: t0 / 1000 + 60 });
    expect(tokens.verify(legacy, 'access', t0)).toBeNull();
  });

  it('rejects garbage without throwing', () => {
    for (const junk of ['', 'abc', 'a.b.c', '...', 'Bearer x.y.z'])
      expect(tokens.verify(junk, 'access', t0)).toBeNull();
  });

  it('signs guest tokens with their own key: a guest token is not an access token and vice versa', () => {
    const guest = {
      user: { username: 'embed-viewer' },
      resources: [{ type: 'dashboard' as const, id: 'uuid-1' }],
      rls: [],
    };
    const token = tokens.issueGuest(guest, t0);
    expect(tokens.verifyGuest(token, t0)).toEqual(guest);
    expect(tokens.verifyGuest(token, t0 + GUEST_TOKEN_TTL_SECONDS * 1000)).toBeNull();
    expect(tokens.verify(token, 'access', t0)).toBeNull();
    expect(tokens.verifyGuest(tokens.issue(1, 'session-1', t0), t0)).toBeNull();
  });

  it('derives a different key per purpose from one secret', () => {
    const a = deriveKey('s', 'api-token');
    const b = deriveKey('s', 'csrf');
    expect(a.equals(b)).toBe(false);
    const claims = { sub: '1', type: 'access' as const, iat: 0, exp: 9e9 };
    expect(verifyToken(b, signToken(a, claims), 'access', t0).ok).toBe(false);
  });
});
