import {
  backendOfUri,
  formatConnectionUri,
  InvalidUriError,
  parseConnectionUri,
  PASSWORD_MASK,
} from './connection-uri';

describe('connection URIs', () => {
  it('reads SQLAlchemy-style PostgreSQL and MySQL URIs', () => {
    expect(parseConnectionUri('postgresql+psycopg2://ana:s%40cret@db.example.com:6543/sales?sslmode=require')).toEqual({
      backend: 'postgresql',
      host: 'db.example.com',
      port: 6543,
      database: 'sales',
      username: 'ana',
      password: 's@cret',
      params: { sslmode: 'require' },
    });
    expect(parseConnectionUri('mysql://root@127.0.0.1/test')).toMatchObject({
      backend: 'mysql',
      port: 3306,
      username: 'root',
      password: undefined,
    });
    expect(parseConnectionUri('mariadb://u:p@h/d').backend).toBe('mysql');
  });

  it('refuses other engines and URIs without host or database', () => {
    expect(() => parseConnectionUri('sqlite:///tmp/x.db')).toThrow(InvalidUriError);
    expect(() => parseConnectionUri('postgresql://u@host')).toThrow(/no database/);
    expect(() => parseConnectionUri('not a uri')).toThrow(InvalidUriError);
  });

  it('masks or omits the password when formatting', () => {
    const spec = parseConnectionUri('postgresql://ana:secret@h:5432/d');
    expect(formatConnectionUri(spec, 'mask')).toBe(`postgresql://ana:${PASSWORD_MASK}@h:5432/d`);
    expect(formatConnectionUri(spec, 'omit')).toBe('postgresql://ana@h:5432/d');
    expect(formatConnectionUri(spec, 'include')).toBe('postgresql://ana:secret@h:5432/d');
    expect(formatConnectionUri({ ...spec, password: undefined }, 'mask')).toBe('postgresql://ana@h:5432/d');
  });

  it('derives the backend of a URL from its scheme, the one rule every feature uses', () => {
    expect(backendOfUri('postgresql+psycopg2://a@h/db')).toBe('postgresql');
    expect(backendOfUri('postgres://a@h/db')).toBe('postgresql');
    expect(backendOfUri('MariaDB://a@h/db')).toBe('mysql');
    expect(backendOfUri('mysql+pymysql://a@h/db')).toBe('mysql');
    expect(backendOfUri('sqlite:///x.db')).toBeNull();
    expect(backendOfUri('no scheme')).toBeNull();
  });
});
