import { dialectOfEngine, formatSql, SqlFormatError } from './sql-format';

describe('formatSql', () => {
  it('puts clauses on their own lines with upper-case keywords', () => {
    expect(formatSql('select a, b from t where x = 1', 'postgresql')).toBe(
      'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1',
    );
  });

  it('follows the dialect: PostgreSQL casts and MySQL backticks survive', () => {
    expect(formatSql('select x::int from t', 'postgresql')).toBe('SELECT\n  x::int\nFROM\n  t');
    expect(formatSql('select `a b` from t limit 1', 'mysql')).toBe('SELECT\n  `a b`\nFROM\n  t\nLIMIT\n  1');
    // Backticks are not identifiers in PostgreSQL: its formatter refuses them.
    expect(() => formatSql('select `a b` from t', 'postgresql')).toThrow(SqlFormatError);
  });

  it('keeps template tags verbatim', () => {
    const out = formatSql("select * from t where d > '{{ from_dttm }}' {% if x %} and y = 1 {% endif %}", 'postgresql');
    expect(out).toContain("'{{ from_dttm }}'");
    expect(out).toContain('{% if x %}');
    expect(out).toContain('{% endif %}');
    expect(out.startsWith('SELECT')).toBe(true);
  });

  it('reports a parse error in one line', () => {
    try {
      formatSql('select "abc from', 'postgresql');
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(SqlFormatError);
      expect((error as Error).message).toMatch(/^The SQL could not be formatted: Parse error: .*line 1 column 8/);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('maps engine names to dialects', () => {
    expect(dialectOfEngine('PostgreSQL')).toBe('postgresql');
    expect(dialectOfEngine('postgres')).toBe('postgresql');
    expect(dialectOfEngine('mariadb')).toBe('mariadb');
    expect(dialectOfEngine('oracle')).toBeNull();
  });
});
