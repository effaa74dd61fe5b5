/** sqllab-and-platform §3 Query and §9: the client generates a run's id, exactly 11 characters long. */
export const CLIENT_QUERY_ID_LENGTH = 11;

// URL-safe alphabet of 64 symbols: one random byte maps to one symbol with `& 63`, without bias.
const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';
const CLIENT_QUERY_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A new client query id from 11 random bytes the caller supplies (the domain has no randomness), e.g.
 * `newClientQueryId(crypto.getRandomValues(new Uint8Array(CLIENT_QUERY_ID_LENGTH)))`.
 */
export function newClientQueryId(randomBytes: ArrayLike<number>): string {
  if (randomBytes.length < CLIENT_QUERY_ID_LENGTH) {
    throw new RangeError(`A client query id needs ${CLIENT_QUERY_ID_LENGTH} random bytes, got ${randomBytes.length}.`);
  }
  let id = '';
  for (let i = 0; i < CLIENT_QUERY_ID_LENGTH; i += 1) id += ALPHABET[randomBytes[i] & 63];
  return id;
}

/** sqllab-and-platform §5: the client query id has exactly 11 characters (URL-safe ones). */
export function isClientQueryId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_QUERY_ID.test(value);
}
