/**
 * Password hashing with scrypt (memory-hard, in Node's crypto, no native add-on), always the async
 * crypto.scrypt so the event loop never waits for a hash. The stored string carries
 * its own parameters, so the cost can be raised later without locking anyone out: old hashes still verify
 * and `needsRehash` tells the login flow to upgrade them.
 *
 * Format: `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ConcurrencyLimit } from '../concurrency-limit';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 2^15 costs about 32 MiB and ~100 ms per hash here: slow for an attacker, tolerable for a login. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 32768, r: 8, p: 1 };
const MIN_N = 16384;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt accepts anything, but a megabyte "password" is a denial-of-service vector, not a secret. */
export const PASSWORD_MAX_LENGTH = 1024;

/** The policy's complaint about a password, or null when it is acceptable. */
export function passwordPolicyViolation(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  return null;
}

/**
 * PROBLEM: the async scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says
 * otherwise), which file reads (the client's static files), DNS lookups and zlib share. A burst of 50
 * logins queued 50 hashes there, and everything else that needed a thread (even /health, through the
 * static-file middleware) waited seconds behind them.
 * SOLUTION: at most two derivations at once; the others wait here, in JavaScript, so
 * the pool always has threads free for the rest of the server.
 */
const hashing = new ConcurrencyLimit(2);

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, or scrypt refuses the parameters (the default limit is 32 MiB).
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  if (params.N < MIN_N) throw new Error(`scrypt N must be at least ${MIN_N}`);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4], 'base64url'), key: Buffer.from(parts[5], 'base64url') };
}

/** True when `password` matches `stored`. Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than today's and should be replaced on next login. */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

/**
 * A hash of a password nobody knows, computed once. Logging in as an unknown user verifies against it so
 * that "no such user" takes as long as "wrong password" and response times do not reveal usernames.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString('base64url'));
  return decoy;
}
