/**
 * The server side of SCRAM-SHA-256 (RFC 5802, RFC 7677), PostgreSQL's password authentication: the
 * password never crosses the socket, and a client must know it to prove it. PGlite has no
 * authentication of its own (it trusts every connection), so the embedded host checks the password
 * before the connection's StartupMessage reaches PGlite. Self-contained for host-script.ts.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { backendMessage, cstring, int32 } from './pg-wire';

const MECHANISM = 'SCRAM-SHA-256';
const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** The AuthenticationSASL request that starts the exchange. */
export const saslRequest = (): Buffer => backendMessage('R', int32(10), cstring(MECHANISM), Buffer.from([0]));

export type ScramStep = { reply: Buffer; done: false } | { reply: Buffer | null; done: true; ok: boolean };

/** One connection's exchange: feed it the bodies of the client's 'p' messages in order. */
export class ScramExchange {
  private expected: { authPrefix: string; channel: string; nonce: string } | null = null;
  private readonly salt = randomBytes(16);

  constructor(private readonly password: string) {}

  step(body: Buffer): ScramStep {
    return this.expected === null ? this.first(body) : this.final(body);
  }

  /** SASLInitialResponse: mechanism, int32 length, `n,,n=*,r=<client nonce>`. */
  private first(body: Buffer): ScramStep {
    const end = body.indexOf(0);
    if (end < 0 || body.subarray(0, end).toString() !== MECHANISM) return { reply: null, done: true, ok: false };
    const message = body.subarray(end + 5).toString('utf8');
    const match = /^([ny]),[^,]*,(n=[^,]*,r=([^,]+).*)$/.exec(message);
    if (!match) return { reply: null, done: true, ok: false };
    const gs2 = message.slice(0, message.length - match[2].length);
    const nonce = match[3] + randomBytes(18).toString('base64');
    const serverFirst = `r=${nonce},s=${this.salt.toString('base64')},i=${ITERATIONS}`;
    this.expected = { authPrefix: `${match[2]},${serverFirst}`, channel: Buffer.from(gs2).toString('base64'), nonce };
    return { reply: backendMessage('R', int32(11), Buffer.from(serverFirst)), done: false };
  }

  /** SASLResponse: `c=<channel binding>,r=<nonce>,p=<proof>`; the proof must match the password. */
  private final(body: Buffer): ScramStep {
    const expected = this.expected!;
    const message = body.toString('utf8');
    const match = /^(c=([^,]*),r=([^,]*)),p=([A-Za-z0-9+/=]+)$/.exec(message);
    if (!match || match[2] !== expected.channel || match[3] !== expected.nonce)
      return { reply: null, done: true, ok: false };
    const authMessage = `${expected.authPrefix},${match[1]}`;
    const salted = pbkdf2Sync(this.password, this.salt, ITERATIONS, 32, 'sha256');
    const storedKey = sha256(hmac(salted, 'Client Key'));
    const signature = hmac(storedKey, authMessage);
    const proof = Buffer.from(match[4], 'base64');
    if (proof.length !== signature.length) return { reply: null, done: true, ok: false };
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]));
    if (!timingSafeEqual(sha256(clientKey), storedKey)) return { reply: null, done: true, ok: false };
    const serverSignature = hmac(hmac(salted, 'Server Key'), authMessage).toString('base64');
    return { reply: backendMessage('R', int32(12), Buffer.from(`v=${serverSignature}`)), done: true, ok: true };
  }
}
