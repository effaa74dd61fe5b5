/**
 * SECRET_KEY rules. It signs sessions, tokens and CSRF tokens, so a guessable key lets anyone forge a
 * login: production refuses the well-known sample keys of BI tools' docs, anything short, and long keys
 * that are patterns rather than random (repeated text, few distinct characters).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MIN_SECRET_KEY_LENGTH = 32;

/** Keys copied from sample configs and tutorials; compared case-insensitively. */
const WELL_KNOWN_KEYS = new Set(
  [
    'changeme',
    'change_me',
    'change-me',
    'secret',
    'secretkey',
    'secret_key',
    'mysecret',
    'password',
    'admin',
    'superset',
    'strata',
    'thisismysecretkey',
    'thisismyscretkey',
    'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET',
    'YOUR_OWN_RANDOM_GENERATED_SECRET_KEY',
    'TEST_NON_DEV_SECRET',
    '\\2\\1thisismyscretkey\\1\\2\\e\\y\\y\\h',
  ].map((k) => k.toLowerCase()),
);

export const HOW_TO_SET_SECRET_KEY =
  'Set SECRET_KEY to a long random value, e.g. SECRET_KEY="$(openssl rand -base64 42)", and keep it: ' +
  'changing it logs everyone out.';

/** Why a key is unfit for production, or null when it is fine. */
export function productionSecretKeyProblem(key: string | undefined): string | null {
  if (key === undefined || key.trim() === '') return 'SECRET_KEY is required when NODE_ENV=production.';
  if (WELL_KNOWN_KEYS.has(key.trim().toLowerCase())) return 'SECRET_KEY is a well-known sample value.';
  if (key.length < MIN_SECRET_KEY_LENGTH) {
    return `SECRET_KEY is ${key.length} characters long; it needs at least ${MIN_SECRET_KEY_LENGTH}.`;
  }
  return lowEntropyProblem(key);
}

/** A random key of 32+ characters has more than this many distinct ones, even in hex (16 symbols). */
export const MIN_DISTINCT_KEY_CHARACTERS = 10;
/** Bits per character (Shannon) below which a long key is a pattern, not random: random hex has ~3.9. */
export const MIN_KEY_BITS_PER_CHARACTER = 3;

/**
 * Length alone passes 'x' * 64 or a sample key typed three times: a key must also not be a repeated
 * pattern and must look random (enough distinct characters, evenly used).
 */
function lowEntropyProblem(key: string): string | null {
  const chars = [...key];
  if (/^([\s\S]+?)\1+$/.test(key)) return 'SECRET_KEY is guessable: it is one short pattern repeated.';
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  if (counts.size < MIN_DISTINCT_KEY_CHARACTERS) {
    return `SECRET_KEY is guessable: it uses ${counts.size} distinct characters; a random key uses at least ${MIN_DISTINCT_KEY_CHARACTERS}.`;
  }
  const bits = [...counts.values()].reduce((sum, n) => sum - (n / chars.length) * Math.log2(n / chars.length), 0);
  if (bits < MIN_KEY_BITS_PER_CHARACTER)
    return `SECRET_KEY is guessable: its characters are too unevenly used to be random (${bits.toFixed(1)} bits each).`;
  return null;
}

/**
 * Development convenience: without SECRET_KEY, generate one on first start and keep it in
 * STRATA_HOME/secret-key, so sessions survive restarts. Never used in production (see load-config.ts).
 */
export function devSecretKey(strataHome: string): string {
  const file = join(strataHome, 'secret-key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_KEY_LENGTH) return stored;
  }
  mkdirSync(strataHome, { recursive: true });
  const key = randomBytes(42).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
