/**
 * What an audit row may show of an event's data. The domain keeps secrets out of events (a password
 * change is a fact without its value, a database URI holds no password), so this is the second lock: a
 * payload some event type carries by mistake, or an old one written before that rule, never reaches a
 * reader with a password, a hash, a secret or a token in it.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /password|passwd|secret|token|encrypted_extra|credential|private_key|api_?key|hash/i;
// scheme://user:password@host: the password part of a connection URI.
const URI_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]+@/gi;

export function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(URI_PASSWORD, `$1${REDACTED}@`);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(inner)]),
  );
}
