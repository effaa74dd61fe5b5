/** Small helpers over postgres:// URLs. */

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`The URL ${redactPassword(url)} names no database.`);
  return name;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export function withCredentials(url: string, user: string, password?: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = password === undefined ? '' : encodeURIComponent(password);
  return u.toString();
}

/** For logs and error messages: never print a password. */
export function redactPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const quoteLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;
