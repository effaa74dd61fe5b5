import { CompiledQuery } from 'kysely';
import { displaySql, mysqlLiteral } from './display-sql';

const compiled = (sql: string, parameters: unknown[]) => ({ ...CompiledQuery.raw(sql), parameters }) as CompiledQuery;

describe('displaySql', () => {
  it('renders PostgreSQL $n placeholders as literals, leaving quoted text alone', () => {
    expect(
      displaySql(
        compiled(`select '$1' as "$2", x from t where a = $1 and b = $2 and c = $3 and d = $4`, [
          "O'Hare",
          12.5,
          null,
          true,
        ]),
        'postgresql',
      ),
    ).toBe(`select '$1' as "$2", x from t where a = 'O''Hare' and b = 12.5 and c = NULL and d = TRUE`);
    // pg's escapeLiteral writes a backslash-containing string as E'...' (with a leading space).
    expect(displaySql(compiled('select $1', ['a\\b']), 'postgresql')).toBe("select  E'a\\\\b'");
  });

  it('renders MySQL ? placeholders, skipping ? inside literals; quotes are doubled in every sql_mode', () => {
    expect(
      displaySql(compiled("select '?' as `?`, x from t where a = ? and b = ?", ["x' OR '1'='1", false]), 'mysql'),
    ).toBe("select '?' as `?`, x from t where a = 'x'' OR ''1''=''1' and b = 0");
    expect(mysqlLiteral("\\'; DROP TABLE t; --")).toBe("'\\\\''; DROP TABLE t; --'");
  });

  it('refuses values that cannot be literals', () => {
    expect(() => displaySql(compiled('select $1', [Number.NaN]), 'postgresql')).toThrow('finite');
    expect(() => displaySql(compiled('select ?', ['a\0b']), 'mysql')).toThrow('NUL');
    expect(() => displaySql(compiled('select ?, ?', [1]), 'mysql')).toThrow('do not match');
  });
});
