/**
 * ADMIN_PASSWORD rules in production. The first admin is created from it and can do everything, and
 * guessing it is the first thing an attacker tries: besides a minimum length, it must not be one of the
 * passwords every credential-stuffing list starts with (with digits or symbols stuck on), a one-or-two
 * character pattern, or contain the admin's username.
 */

export const MIN_ADMIN_PASSWORD_LENGTH = 8;
/** The first admin's username when ADMIN_USERNAME is unset. */
export const DEFAULT_ADMIN_USERNAME = 'admin';

/** The most common passwords of public breach lists, and the defaults of BI tools' docs. Lower case. */
const COMMON_PASSWORDS = new Set([
  'password',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pass',
  'passwd',
  'secret',
  'changeme',
  'change_me',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'root',
  'toor',
  'default',
  'guest',
  'test',
  'tester',
  'demo',
  'superset',
  'strata',
  'tableau',
  'metabase',
  'grafana',
  'redash',
  'postgres',
  'mysql',
  'database',
  'analytics',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '987654321',
  '111111',
  '11111111',
  '000000',
  '00000000',
  '123123',
  '123321',
  '654321',
  '666666',
  '696969',
  '121212',
  '112233',
  '159753',
  '147258369',
  'qwerty',
  'qwertyuiop',
  'qwerty123',
  'qwe123',
  'asdf',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  '1q2w3e4r',
  '1qaz2wsx',
  'qazwsx',
  'q1w2e3r4',
  'abc123',
  'abcd1234',
  'abcdef',
  'iloveyou',
  'trustno1',
  'sunshine',
  'princess',
  'dragon',
  'monkey',
  'football',
  'baseball',
  'soccer',
  'hockey',
  'master',
  'shadow',
  'michael',
  'jennifer',
  'superman',
  'batman',
  'starwars',
  'pokemon',
  'whatever',
  'freedom',
  'hello',
  'hello123',
  'login',
  'access',
  'mustang',
  'charlie',
  'jordan',
  'ginger',
  'summer',
  'winter',
  'flower',
  'lovely',
  'cheese',
  'computer',
  'internet',
  'killer',
  'pepper',
  'ninja',
  'azerty',
  'solo',
  'zaq12wsx',
  'aa123456',
  'password1',
  'welcome1',
]);

/** The password without the digits and symbols people put around a common word ('Password123!' -> 'password'). */
const core = (password: string) => password.toLowerCase().replace(/^[\d\W_]+|[\d\W_]+$/g, '');

/** Why ADMIN_PASSWORD is unfit for production, or null when it is fine. */
export function productionAdminPasswordProblem(password: string, username: string): string | null {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH)
    return `ADMIN_PASSWORD: must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters when NODE_ENV=production.`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(core(password)) || new Set(lower).size < 3) {
    return 'ADMIN_PASSWORD: is a common password or a simple pattern, the first thing tried against an admin account; choose a long, uncommon one (e.g. several random words).';
  }
  if (username.trim() !== '' && lower.includes(username.trim().toLowerCase()))
    return 'ADMIN_PASSWORD: must not contain the username (ADMIN_USERNAME).';
  return null;
}
