import { rewriteLimit, sqlLimit } from './statements';
import { splitStatements } from '../../sql-guard/sql-tokens';
import { parseTemplateParams, renderSql } from './template';

describe('splitting scripts', () => {
  it('splits on top-level semicolons only, keeping quotes, comments and dollar quotes intact', () => {
    const sql = `SELECT 'a;b' AS x; -- c;d
      SELECT $fn$ e;f $fn$; /* g; /* nested; */ h; */ SELECT "i;j" FROM t;;`;
    expect(splitStatements(sql, 'postgresql')).toEqual([
      `SELECT 'a;b' AS x`,
      `-- c;d\n      SELECT $fn$ e;f $fn$`,
      `/* g; /* nested; */ h; */ SELECT "i;j" FROM t`,
    ]);
  });
  it('knows MySQL backticks, # comments and backslash escapes', () => {
    expect(splitStatements("SELECT `a;b`, 'it\\'s;' # x;y\n; SELECT 2", 'mysql')).toEqual([
      "SELECT `a;b`, 'it\\'s;' # x;y",
      'SELECT 2',
    ]);
  });
  it('drops empty and comment-only statements', () => {
    expect(splitStatements(' ; -- nothing\n ; ', 'postgresql')).toEqual([]);
  });
});

describe('LIMIT of the SQL', () => {
  it('reads LIMIT n, LIMIT n OFFSET m, FETCH FIRST n and MySQL LIMIT m, n; ignores subqueries', () => {
    expect(sqlLimit('SELECT * FROM t LIMIT 10', 'postgresql')).toBe(10);
    expect(sqlLimit('SELECT * FROM t LIMIT 10 OFFSET 5', 'postgresql')).toBe(10);
    expect(sqlLimit('SELECT * FROM t FETCH FIRST 7 ROWS ONLY', 'postgresql')).toBe(7);
    expect(sqlLimit('SELECT * FROM t LIMIT 5, 20', 'mysql')).toBe(20);
    expect(sqlLimit('SELECT * FROM (SELECT * FROM t LIMIT 3) s', 'postgresql')).toBeNull();
    expect(sqlLimit("SELECT 'LIMIT 4'", 'postgresql')).toBeNull();
  });
  it('rewrites the top-level LIMIT for the limit + 1 probe and leaves the rest', () => {
    expect(rewriteLimit('SELECT * FROM (SELECT 1 LIMIT 3) s LIMIT 10 -- x', 'postgresql', 11)).toBe(
      'SELECT * FROM (SELECT 1 LIMIT 3) s LIMIT 11 -- x',
    );
    expect(rewriteLimit('SELECT 1', 'postgresql', 11)).toBe('SELECT 1');
  });
});

describe('template parameters (liquidjs)', () => {
  it('renders parameters', async () => {
    expect(await renderSql('SELECT * FROM t WHERE id = {{ id }}', parseTemplateParams('{"id": 7}'))).toBe(
      'SELECT * FROM t WHERE id = 7',
    );
  });
  it('leaves SQL without template markers alone (array literals are not templates)', async () => {
    expect(await renderSql("SELECT '{{1,2},{3,4}}'::int[]", {})).toBe("SELECT '{{1,2},{3,4}}'::int[]");
  });
  it('reports a missing parameter as MISSING_TEMPLATE_PARAMS_ERROR', async () => {
    await expect(renderSql('SELECT {{ missing }}', {})).rejects.toMatchObject({
      status: 400,
      response: { errors: [{ error_type: 'MISSING_TEMPLATE_PARAMS_ERROR' }] },
    });
  });
  it('refuses includes, unknown filters, prototype access and bad JSON with INVALID_TEMPLATE_PARAMS_ERROR or MISSING', async () => {
    await expect(renderSql('{% include "/etc/passwd" %}', {})).rejects.toMatchObject({
      response: { errors: [{ error_type: 'INVALID_TEMPLATE_PARAMS_ERROR' }] },
    });
    await expect(renderSql('{{ a | nope }}', { a: 1 })).rejects.toMatchObject({
      response: { errors: [{ error_type: 'INVALID_TEMPLATE_PARAMS_ERROR' }] },
    });
    await expect(renderSql('{{ a.constructor }}', { a: {} })).rejects.toMatchObject({ status: 400 });
    expect(() => parseTemplateParams('{not json')).toThrow('not valid JSON');
    expect(() => parseTemplateParams('[1]')).toThrow('must be a JSON object');
  });
});
