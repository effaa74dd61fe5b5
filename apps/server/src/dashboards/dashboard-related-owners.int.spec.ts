/**
 * GET /api/v1/dashboard/related/owners over real HTTP on a real PostgreSQL: the users a dashboard's owners
 * may be chosen from, for anyone who may write dashboards (not only admins), searched by name or
 * username, active ones only, a page at a time, with e-mail addresses for admins only; bad `q` is a 400
 * in the spec's error shape.
 */
import { createRequire } from 'node:module';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { UsersService } from '../auth/users/users.service';
import { ApiClient, userClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, HttpClient, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

// rison ships no types; only `encode` is used.
const rison = createRequire(__filename)('rison') as { encode(value: unknown): string };
const q = (value: unknown) => encodeURIComponent(rison.encode(value));
const PATH = '/api/v1/dashboard/related/owners';

let t: AuthTestApp;
let gamma: ApiClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DashboardsModule] });
  const users = t.app.get(UsersService);
  const add = async (username: string, firstName: string, lastName: string, active = true) => {
    const row = await users.createUser(
      {
        username,
        password: 'a-password-for-tests',
        firstName,
        lastName,
        email: `${username}@example.com`,
        roles: ['Gamma'],
        active,
      },
      'system',
    );
    ids[username] = row.id;
    return row;
  };
  await add('quill_ada', 'Ada', 'Quillfeather');
  await add('quill_bo', 'Bo', 'Quillfeather');
  await add('quill_cy', 'Cyrus', 'Quillfeather');
  await add('quill_gone', 'Gone', 'Quillfeather', false);
  await add('percent_user', 'Per%cent', 'Literal');
  const me = await add('gamma_writer', 'Gwen', 'Writer');
  gamma = new ApiClient(t.url, await t.app.get(ApiTokens).accessToken(me.id), me.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/dashboard/related/owners', () => {
  it('answers a Gamma user (can_write on Dashboard) with active users matching first name, last name, full name or username', async () => {
    const byLast = await gamma.get(`${PATH}?q=${q({ filter: 'quillFEATHER', page: 0, page_size: 25 })}`);
    expect(byLast.status).toBe(200);
    // Ordered by name; the deactivated user is never offered; names only, no e-mail addresses.
    expect(byLast.body).toEqual({
      count: 3,
      result: [
        { value: ids.quill_ada, text: 'Ada Quillfeather', extra: { active: true } },
        { value: ids.quill_bo, text: 'Bo Quillfeather', extra: { active: true } },
        { value: ids.quill_cy, text: 'Cyrus Quillfeather', extra: { active: true } },
      ],
    });

    const texts = async (filter: string) =>
      ((await gamma.get(`${PATH}?q=${q({ filter })}`)).body.result as { text: string }[]).map((r) => r.text);
    expect(await texts('cyr')).toEqual(['Cyrus Quillfeather']);
    expect(await texts('bo quill')).toEqual(['Bo Quillfeather']);
    expect(await texts('QUILL_ADA')).toEqual(['Ada Quillfeather']);
    expect(await texts('gone')).toEqual([]);
    // LIKE wildcards in the text are plain characters.
    expect(await texts('%')).toEqual(['Per%cent Literal']);
    expect(await texts('quill_')).toEqual(['Ada Quillfeather', 'Bo Quillfeather', 'Cyrus Quillfeather']);
  });

  it("gives admins the users' e-mail addresses too", async () => {
    const admin = await userClient(t, ['Admin']);
    const res = await admin.get(`${PATH}?q=${q({ filter: 'quill_ada' })}`);
    expect(res.body.result).toEqual([
      { value: ids.quill_ada, text: 'Ada Quillfeather', extra: { active: true, email: 'quill_ada@example.com' } },
    ]);
  });

  it('pages with page and page_size, counting all matches; no q lists every active user', async () => {
    const second = await gamma.get(`${PATH}?q=${q({ filter: 'quillfeather', page: 1, page_size: 2 })}`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ count: 3, result: [{ value: ids.quill_cy }] });
    const beyond = await gamma.get(`${PATH}?q=${q({ filter: 'quillfeather', page: 5, page_size: 2 })}`);
    expect(beyond.body).toEqual({ count: 3, result: [] });

    const all = await gamma.get(PATH);
    expect(all.status).toBe(200);
    const values = (all.body.result as { value: number }[]).map((r) => r.value);
    expect(values).toEqual(expect.arrayContaining([ids.quill_ada, ids.gamma_writer]));
    expect(values).not.toContain(ids.quill_gone);
    expect(all.body.count).toBe(values.length);
  });

  it('refuses users without can_write on Dashboard (403) and anonymous callers (401)', async () => {
    const sqlLabOnly = await userClient(t, ['sql_lab']);
    const refused = await sqlLabOnly.get(`${PATH}?q=${q({ filter: 'quill' })}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ error_type: expect.any(String), message: expect.any(String) });
    expect((await new HttpClient(t.url).get(PATH)).status).toBe(401);
  });

  it.each([
    ['not rison', '(filter:', 'INVALID_PAYLOAD_FORMAT_ERROR'],
    ['page_size over 100', rison.encode({ page_size: 1000 }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
    ['a negative page', rison.encode({ page: -1 }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
    ['an unknown key', rison.encode({ filters: 'x' }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
    ['a list for a filter', rison.encode({ filter: ['x'] }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
    ['a filter over 200 characters', rison.encode({ filter: 'x'.repeat(201) }), 'INVALID_PAYLOAD_SCHEMA_ERROR'],
  ])('answers %s with 400 in the error shape', async (_name, raw, errorType) => {
    const res = await gamma.get(`${PATH}?q=${encodeURIComponent(raw)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ error_type: errorType, message: expect.any(String) })]);
  });

  it('reads a filter rison decodes as a number as its text', async () => {
    const res = await gamma.get(`${PATH}?q=${q({ filter: 42 })}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, result: [] });
  });
});
