import { Logger } from '@nestjs/common';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { AppConfig } from '../../config/app-config';
import { bearerToken, createAuthTestApp, TEST_ADMIN, type AuthTestApp } from '../../testing/auth-test-app';
import { ADMIN_ROLE } from '../roles';
import { UsersService } from '../users/users.service';
import { FirstAdminService, PRODUCTION_NEEDS_ADMIN_PASSWORD } from './first-admin.service';

/** NODE_ENV=production without ADMIN_PASSWORD, embedded (no DATABASE_URL) unless a URL is given. */
const productionConfig = (home: string, databaseUrl?: string) =>
  new AppConfig(0, databaseUrl, undefined, undefined, 'p'.repeat(48), home, undefined, undefined, 'production');

describe('first start: the first admin', () => {
  let t: AuthTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    jest.restoreAllMocks();
  });

  it('embedded mode without ADMIN_PASSWORD: generates a password, prints it once and writes it to STRATA_HOME/admin-password (0600)', async () => {
    const printed = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    t = await createAuthTestApp({ embedded: true, adminPassword: null, adminUsername: undefined });
    const file = join(t.config.strataHome, 'admin-password');
    const password = readFileSync(file, 'utf8').trim();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(password.length).toBeGreaterThanOrEqual(16);
    const mentions = printed.mock.calls.filter((args) => String(args[0]).includes(password));
    expect(mentions).toHaveLength(1);

    expect(await bearerToken(t.url, 'admin', password)).toEqual(expect.any(String));
    const admin = await t.app.get(UsersService).findByUsername('admin');
    expect(admin).toMatchObject({ roles: ['Admin'], active: true, createdBy: 'system' });

    // A restart finds the admin and changes nothing: same password, nothing printed.
    printed.mockClear();
    await expect(t.app.get(FirstAdminService).ensureAdmin()).resolves.toBe('exists');
    expect(readFileSync(file, 'utf8').trim()).toBe(password);
    expect(printed).not.toHaveBeenCalled();
  });

  it('never uses the same generated password twice', async () => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const first = await createAuthTestApp({ embedded: true, adminPassword: null });
    const second = await createAuthTestApp({ embedded: true, adminPassword: null });
    try {
      const read = (app: AuthTestApp) => readFileSync(join(app.config.strataHome, 'admin-password'), 'utf8');
      expect(read(first)).not.toEqual(read(second));
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('with ADMIN_USERNAME/ADMIN_PASSWORD: creates that admin and writes no password file', async () => {
    t = await createAuthTestApp({ embedded: true, adminUsername: 'root-admin', adminPassword: 'configured-password' });
    expect(await bearerToken(t.url, 'root-admin', 'configured-password')).toEqual(expect.any(String));
    expect(() => statSync(join(t!.config.strataHome, 'admin-password'))).toThrow(/ENOENT/);
    await expect(t.app.get(FirstAdminService).ensureAdmin()).resolves.toBe('exists');
    expect((await t.app.get(UsersService).list()).map((u) => u.username)).toEqual(['root-admin']);
  });

  it('with DATABASE_URL but no ADMIN_PASSWORD: creates nobody and logs how to create an admin', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    t = await createAuthTestApp({ embedded: false, adminPassword: null });
    expect(await t.app.get(UsersService).list()).toEqual([]);
    expect(warned.mock.calls.some(([message]) => /ADMIN_PASSWORD/.test(String(message)))).toBe(true);
    expect(() => statSync(join(t!.config.strataHome, 'admin-password'))).toThrow(/ENOENT/);
  });

  describe('NODE_ENV=production without ADMIN_PASSWORD', () => {
    let home: string;
    beforeEach(() => {
      home = mkdtempSync(join(tmpdir(), 'strata-prod-'));
    });
    afterEach(() => rmSync(home, { recursive: true, force: true }));

    it('refuses to start when no admin exists, saying how to set one, and generates nothing', async () => {
      const printed = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      const boot = createAuthTestApp({
        strataHome: home,
        customize: (b) => b.overrideProvider(AppConfig).useValue(productionConfig(home)),
      });
      await expect(boot).rejects.toThrow(PRODUCTION_NEEDS_ADMIN_PASSWORD);
      expect(PRODUCTION_NEEDS_ADMIN_PASSWORD).toMatch(/set ADMIN_PASSWORD \(at least 8 characters/);
      expect(existsSync(join(home, 'admin-password'))).toBe(false);
      expect(printed).not.toHaveBeenCalled();
    });

    it('refuses with DATABASE_URL too, and creates nobody', async () => {
      t = await createAuthTestApp({ embedded: false, adminPassword: null, strataHome: home });
      const users = t.app.get(UsersService);
      const production = new FirstAdminService(productionConfig(home, t.db.url), users);
      await expect(production.ensureAdmin()).rejects.toThrow(PRODUCTION_NEEDS_ADMIN_PASSWORD);
      expect(await users.list()).toEqual([]);
    });

    it('an existing installation with an admin starts normally', async () => {
      t = await createAuthTestApp({ embedded: false, adminPassword: null, strataHome: home });
      const users = t.app.get(UsersService);
      await users.createUser(
        { username: 'boss', password: 'boss-password-123', firstName: 'B', lastName: 'Oss', roles: [ADMIN_ROLE] },
        'system',
      );
      await expect(new FirstAdminService(productionConfig(home, t.db.url), users).ensureAdmin()).resolves.toBe(
        'exists',
      );
      expect((await users.list()).map((u) => u.username)).toEqual(['boss']);
    });
  });

  it('refuses to start with an ADMIN_PASSWORD that breaks the password policy', async () => {
    await expect(createAuthTestApp({ adminPassword: 'short' })).rejects.toThrow(/at least 8 characters/);
  });

  it('the default test admin exists (ADMIN_PASSWORD path), so other suites can rely on it', async () => {
    t = await createAuthTestApp();
    expect(await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password)).toEqual(expect.any(String));
  });
});
