/**
 * The generated password of an embedded database, kept in a file only the server's OS user can read
 * (STRATA_HOME/<name>.password, mode 0600). Created on first start, reused after; delete the file to
 * change it (the next start writes a new one, which every connection then uses).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function readOrCreatePassword(file: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two processes starting at once cannot both write one; the second reads the first's.
    const password = randomBytes(32).toString('hex');
    writeFileSync(file, `${password}\n`, { flag: 'wx', mode: 0o600 });
    return password;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A file copied in with looser permissions is tightened, not trusted as it is.
  chmodSync(file, 0o600);
  const password = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{32,}$/.test(password))
    throw new Error(`${file} does not hold a generated password: delete it and start again.`);
  return password;
}
