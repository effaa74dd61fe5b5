/**
 * First start: make sure someone can log in. Never a fixed default password:
 * - ADMIN_PASSWORD set: create ADMIN_USERNAME (default 'admin') with it;
 * - NODE_ENV=production without it: refuse to start (README: production needs an explicit admin
 *   password): a generated one would end up in a file on the server, and without any admin nobody can log in;
 * - embedded dev mode without it: create 'admin' with a random password, print it once and keep it in
 *   STRATA_HOME/admin-password (0600) for the developer;
 * - otherwise (a real deployment without ADMIN_PASSWORD): create nobody and log how to create one.
 * Does nothing once any active admin exists, so restarts (and several processes starting at once) are safe.
 */
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DomainError } from '@strata/events';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_ADMIN_USERNAME } from '../../config/admin-password';
import { AppConfig } from '../../config/app-config';
import { ADMIN_ROLE } from '../roles';
import { UsersService } from '../users/users.service';

export const ADMIN_PASSWORD_FILE = 'admin-password';

export const PRODUCTION_NEEDS_ADMIN_PASSWORD =
  'No admin user exists yet and ADMIN_PASSWORD is not set. With NODE_ENV=production Strata does not generate an ' +
  "admin password: set ADMIN_PASSWORD (at least 8 characters; ADMIN_USERNAME defaults to 'admin'), e.g. " +
  "ADMIN_PASSWORD='a long password' NODE_ENV=production npm start, and start again. It is only read on the first start.";

export type FirstStartOutcome = 'exists' | 'created-from-config' | 'created-generated' | 'skipped';

@Injectable()
export class FirstAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger('FirstStart');

  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdmin();
  }

  async ensureAdmin(): Promise<FirstStartOutcome> {
    if (await this.users.activeAdminExists()) return 'exists';
    const username = this.config.adminUsername ?? DEFAULT_ADMIN_USERNAME;
    if (this.config.adminPassword !== undefined) {
      return (await this.create(username, this.config.adminPassword)) ? 'created-from-config' : 'exists';
    }
    if (this.config.nodeEnv === 'production') throw new Error(PRODUCTION_NEEDS_ADMIN_PASSWORD);
    if (!this.config.embedded) {
      this.logger.warn(
        'No admin user exists and ADMIN_PASSWORD is not set, so none was created. Set ADMIN_USERNAME and ' +
          'ADMIN_PASSWORD (at least 8 characters) and restart to create one.',
      );
      return 'skipped';
    }
    const password = randomBytes(18).toString('base64url'); // 24 characters, 144 bits
    if (!(await this.create(username, password))) return 'exists';
    const file = join(this.config.strataHome, ADMIN_PASSWORD_FILE);
    await mkdir(this.config.strataHome, { recursive: true });
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    await chmod(file, 0o600); // writeFile's mode does not apply to a file that already existed
    // Printed once, on purpose to the console and not the structured log (which may be shipped elsewhere).
    console.log(
      `\n  Strata created the admin user.\n    username: ${username}\n    password: ${password}\n` +
        `  The password is also in ${file}. Change it after logging in.\n`,
    );
    return 'created-generated';
  }

  /** False when another process created the user first (or the username is taken by a non-admin). */
  private async create(username: string, password: string): Promise<boolean> {
    try {
      await this.users.createUser(
        { username, password, firstName: 'Strata', lastName: 'Admin', roles: [ADMIN_ROLE] },
        'system',
      );
      this.logger.log(`Created the admin user '${username}'.`);
      return true;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'username_taken') {
        if (await this.users.activeAdminExists()) return false; // another server process won the race
        this.logger.warn(`A user '${username}' already exists but is not an active admin; no admin was created.`);
        return false;
      }
      if (err instanceof DomainError)
        throw new Error(`Cannot create the admin user from ADMIN_USERNAME/ADMIN_PASSWORD: ${err.message}`, {
          cause: err,
        });
      throw err;
    }
  }
}
