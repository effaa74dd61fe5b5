import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsersService } from '../../auth/users/users.service';
import { createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../../testing/auth-test-app';
import { SqlLabRequestedQueryModule } from './requested-query.module';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formData = (value: unknown) => JSON.stringify(value);
const FORM = 'application/x-www-form-urlencoded';

/** The JSON the page carries for the client (see SpaFallback.serve). */
function bootstrapOf(html: string): unknown {
  const match = /<script id="strata-bootstrap" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as unknown) : null;
}

describe('POST /sqllab/ with form_data (sqllab-and-platform §2: SQL Lab opened by a form post)', () => {
  let t: AuthTestApp;
  let clientDist: string;
  let browser: HttpClient;
  let csrf: string;

  beforeAll(async () => {
    clientDist = mkdtempSync(join(tmpdir(), 'strata-client-'));
    writeFileSync(
      join(clientDist, 'index.html'),
      '<!doctype html><html><head><title>Strata</title></head><body><div id="root"></div></body></html>',
    );
    t = await createAuthTestApp({ extraModules: [SqlLabRequestedQueryModule], clientDist });
    browser = new HttpClient(t.url);
    csrf = await browser.browserLogin(TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  const post = (client: HttpClient, fields: Record<string, string>) =>
    client.request('POST', '/sqllab/', { raw: form(fields), contentType: FORM });

  it('answers with the SQL Lab page carrying the requested query', async () => {
    const query = { datasourceKey: '3__table', sql: 'SELECT origin, count(*) FROM flights GROUP BY origin' };
    const res = await post(browser, { form_data: formData(query), csrf_token: csrf });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body as string).toContain('<div id="root"></div>');
    expect(bootstrapOf(res.body as string)).toEqual({ requestedQuery: query });
  });

  it("keeps SQL that holds '</script>' or '<!--' inside the data element", async () => {
    const sql = "SELECT '</script><script>alert(1)</script><!--' AS x, 'a & b' AS \u2028y";
    const res = await post(browser, { form_data: formData({ datasourceKey: '1__table', sql }), csrf_token: csrf });
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(bootstrapOf(html)).toEqual({ requestedQuery: { datasourceKey: '1__table', sql } });
  });

  it('refuses a cookie post without its CSRF token, or with a wrong one', async () => {
    const fields = { form_data: formData({ datasourceKey: '1__table', sql: 'SELECT 1' }) };
    const missing = await post(browser, fields);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].error_type).toBe('FRONTEND_CSRF_ERROR');
    const wrong = await post(browser, { ...fields, csrf_token: 'not-the-token' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].error_type).toBe('FRONTEND_CSRF_ERROR');
  });

  it('refuses form_data that is not JSON or does not name a dataset and SQL', async () => {
    for (const value of [
      '{not json',
      formData({ datasourceKey: 'flights', sql: 'SELECT 1' }),
      formData({ datasourceKey: '1__table' }),
    ]) {
      const res = await post(browser, { form_data: value, csrf_token: csrf });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
      expect(res.body.message).toMatch(/form_data/);
    }
    const none = await post(browser, { csrf_token: csrf });
    expect(none.status).toBe(400);
  });

  it('asks who is posting: anonymous gets 401, a user without SQL Lab 403', async () => {
    const anonymous = await post(new HttpClient(t.url), {
      form_data: formData({ datasourceKey: '1__table', sql: 'SELECT 1' }),
    });
    expect(anonymous.status).toBe(401);
    await t.app
      .get(UsersService)
      .createUser({ username: 'viewer', password: 'a-password-for-tests', roles: ['Gamma'] }, 'system');
    const viewer = new HttpClient(t.url);
    const token = await viewer.browserLogin('viewer', 'a-password-for-tests');
    const refused = await post(viewer, {
      form_data: formData({ datasourceKey: '1__table', sql: 'SELECT 1' }),
      csrf_token: token,
    });
    expect(refused.status).toBe(403);
  });
});
