/**
 * Use cases on database connections, each a DecideDatabase command on the CommandBus (decide-database.ts:
 * load the stream, decide, append; the read model is updated by its folds (databases.projection.ts) in the same
 * transaction), with the encrypted password written in that transaction too. Also the lookups every SQL Lab feature needs: find, list, the connection spec with its password,
 * and the default database.
 */
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DomainError } from '@strata/events';
import { type ConfirmedLogin, type DatabaseCommand, type DatabaseSettings, type PasswordIntent } from '@strata/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { VersionConflictError, type AppendResult } from '../event-store/event-store.port';
import type { DecisionMeta } from '../event-store/load-decide-append';
import { formatConnectionUri, parseConnectionUri, PASSWORD_MASK } from '../engines/connection-uri';
import type { ConnectionSpec } from '../engines/query-engine';
import { DecideDatabase } from './decide-database';
import { DATABASE_COLUMNS, settingsOf, toDatabaseRow, type DatabaseRow } from './database-row';
import { PasswordCipher } from './password-cipher';

export type Actor = number | 'system';

/** What a create or update asks for. `connection.password`: undefined or the mask keeps the stored one. */
export interface DatabaseInput {
  settings: Partial<DatabaseSettings>;
  connection?: ConnectionSpec;
  /** The login's risks the admin was warned about and confirmed (recorded as an event). */
  confirmedLogin?: ConfirmedLogin;
}

const NAME_TAKEN = 'A database with the same name already exists.';
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e.code === '23505' || e.driverError?.code === '23505';
};

export const DEFAULT_SETTINGS: Omit<DatabaseSettings, 'database_name' | 'uri'> = {
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allows_cost_estimate: false,
  allows_subquery: true,
  allow_file_upload: false,
  force_ctas_schema: null,
  cache_timeout: null,
  extra: {},
};

@Injectable()
export class DatabasesService {
  private readonly cipher: PasswordCipher;

  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {
    this.cipher = new PasswordCipher(config.secretKey);
  }

  async create(
    input: DatabaseInput & { settings: { database_name: string }; connection: ConnectionSpec },
    actor: Actor,
  ): Promise<DatabaseRow> {
    const password =
      input.connection.password && input.connection.password !== PASSWORD_MASK ? input.connection.password : undefined;
    const settings: DatabaseSettings = {
      ...DEFAULT_SETTINGS,
      ...stripUndefined(input.settings),
      database_name: input.settings.database_name,
      uri: formatConnectionUri(input.connection, 'omit'),
    };
    if (await this.findByName(settings.database_name)) throw new DomainError('database_name_taken', NAME_TAKEN);
    const [{ id }] = (await this.dataSource.query(
      `SELECT nextval(pg_get_serial_sequence('databases', 'id'))::int AS id`,
    )) as { id: number }[];
    try {
      // expectedVersion 0: a new stream; a lost race (the name, by the unique index) is answered at once.
      await this.decide(
        id,
        {
          type: 'CreateDatabase',
          data: { id, settings, passwordSet: !!password, confirmedLogin: input.confirmedLogin },
        },
        { ...meta(actor), expectedVersion: 0 },
        password ? (tx) => this.savePassword(tx, id, password) : undefined,
      );
    } catch (err) {
      if (
        (isUniqueViolation(err) || err instanceof VersionConflictError) &&
        (await this.findByName(settings.database_name))
      ) {
        throw new DomainError('database_name_taken', NAME_TAKEN);
      }
      throw err;
    }
    return (await this.find(id))!;
  }

  async update(id: number, input: DatabaseInput, actor: Actor): Promise<DatabaseRow> {
    const changes: Partial<DatabaseSettings> = stripUndefined(input.settings);
    let password: PasswordIntent = 'keep';
    if (input.connection) {
      changes.uri = formatConnectionUri(input.connection, 'omit');
      const given = input.connection.password;
      if (given !== undefined && given !== PASSWORD_MASK) password = given === '' ? 'remove' : 'set';
    }
    if (changes.database_name !== undefined) {
      const other = await this.findByName(changes.database_name);
      if (other && other.id !== id) throw new DomainError('database_name_taken', NAME_TAKEN);
    }
    try {
      await this.change(
        id,
        { type: 'ChangeDatabase', data: { changes, password, confirmedLogin: input.confirmedLogin } },
        actor,
        async (tx) => {
          if (password === 'set') await this.savePassword(tx, id, input.connection!.password!);
          if (password === 'remove') await tx.query(`DELETE FROM database_credentials WHERE database_id = $1`, [id]);
        },
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('database_name_taken', NAME_TAKEN);
      throw err;
    }
    return (await this.find(id))!;
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.change(id, { type: 'DeleteDatabase' }, actor, async (tx) => {
      await tx.query(`DELETE FROM database_credentials WHERE database_id = $1`, [id]);
    });
  }

  async setAccess(id: number, roles: string[], actor: Actor): Promise<DatabaseRow> {
    await this.change(id, { type: 'SetDatabaseAccess', data: { roles } }, actor);
    return (await this.find(id))!;
  }

  /** `db`: the open transaction's manager when called inside one. */
  async find(id: number, db: Pick<EntityManager, 'query'> = this.dataSource): Promise<DatabaseRow | null> {
    const rows = await db.query(`SELECT ${DATABASE_COLUMNS} FROM databases d WHERE d.id = $1`, [id]);
    return rows[0] ? toDatabaseRow(rows[0]) : null;
  }

  async findByName(name: string): Promise<DatabaseRow | null> {
    const rows = await this.dataSource.query(`SELECT ${DATABASE_COLUMNS} FROM databases d WHERE d.database_name = $1`, [
      name,
    ]);
    return rows[0] ? toDatabaseRow(rows[0]) : null;
  }

  async list(): Promise<DatabaseRow[]> {
    const rows = await this.dataSource.query(`SELECT ${DATABASE_COLUMNS} FROM databases d ORDER BY d.id`);
    return rows.map(toDatabaseRow);
  }

  /** SQLLAB_DEFAULT_DBID when that database exists, else the lowest id; null without databases. */
  async defaultDatabaseId(): Promise<number | null> {
    const wanted = this.config.sqllabDefaultDbId;
    if (wanted !== undefined && (await this.find(wanted))) return wanted;
    const rows = (await this.dataSource.query(`SELECT min(id) AS id FROM databases`)) as { id: number | null }[];
    return rows[0]?.id ?? null;
  }

  /**
   * Where and how to connect, with the decrypted password (in memory only). A password in the stored URI
   * (rows registered by the platform) counts when no encrypted one exists.
   */
  async connectionSpec(row: Pick<DatabaseRow, 'id' | 'uri'>): Promise<ConnectionSpec> {
    const spec = parseConnectionUri(row.uri);
    const stored = (await this.dataSource.query(
      `SELECT password_ciphertext FROM database_credentials WHERE database_id = $1`,
      [row.id],
    )) as {
      password_ciphertext: string;
    }[];
    if (!stored[0]) return spec;
    try {
      return { ...spec, password: this.cipher.decrypt(stored[0].password_ciphertext) };
    } catch {
      throw new DomainError(
        'database_password_unreadable',
        'The stored password of this database cannot be decrypted (SECRET_KEY changed?). Enter the password again.',
      );
    }
  }

  /**
   * A change decided against the latest state (DecisionRunner decides again after a lost race). A row
   * registered outside the log (examples, version 0) is first taken over by the log in a command of its
   * own (databaseAdopted, its password moved out of the URI: events never carry one), so a rebuild
   * reproduces it and the change.
   */
  private async change(
    id: number,
    command: DatabaseCommand,
    actor: Actor,
    beside?: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    const row = await this.find(id);
    if (row?.version === 0) await this.adopt(row, actor);
    await this.decide(id, command, meta(actor), beside);
  }

  private async adopt(row: DatabaseRow, actor: Actor): Promise<void> {
    const spec = parseConnectionUri(row.uri);
    const current = { ...settingsOf(row), uri: formatConnectionUri(spec, 'omit') };
    await this.decide(
      row.id,
      { type: 'AdoptDatabase', data: { id: row.id, current, roles: row.roles } },
      meta(actor),
      // Adopted already by a concurrent first change (no events): its password has moved already.
      spec.password
        ? (tx, result) => (result.events.length > 0 ? this.savePassword(tx, row.id, spec.password!) : Promise.resolve())
        : undefined,
    );
  }

  private async decide(
    id: number,
    command: DatabaseCommand,
    decisionMeta: DecisionMeta,
    beside?: (tx: EntityManager, result: AppendResult) => Promise<void>,
  ): Promise<void> {
    await this.commands.execute(new DecideDatabase(id, command, decisionMeta, beside));
  }

  private async savePassword(tx: EntityManager, id: number, password: string): Promise<void> {
    await tx.query(
      `INSERT INTO database_credentials (database_id, password_ciphertext, changed_on) VALUES ($1, $2, now())
       ON CONFLICT (database_id) DO UPDATE SET password_ciphertext = $2, changed_on = now()`,
      [id, this.cipher.encrypt(password)],
    );
  }
}

function meta(actor: Actor): DecisionMeta {
  return { actor: String(actor), undoable: false };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
