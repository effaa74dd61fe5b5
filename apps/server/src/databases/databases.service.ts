/**
 * Use cases on database connections: load the stream, decide, append (the read model is updated by
 * DatabasesProjection in the same transaction), and the encrypted password written in that transaction
 * too. Also the lookups every SQL Lab feature needs: find, list, the connection spec with its password,
 * and the default database.
 */
import { Injectable } from '@nestjs/common';
import { DomainError, type Envelope } from '@strata/events';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { CommandRetryPolicy } from '../event-store/command-retry';
import { EventStore, VersionConflictError } from '../event-store/event-store.port';
import { formatConnectionUri, parseConnectionUri, PASSWORD_MASK } from '../engines/connection-uri';
import type { ConnectionSpec } from '../engines/query-engine';
import { databaseDecider, type ConfirmedLogin, type DatabaseCommand, type DatabaseState } from './database.decider';
import { databaseStream, type DatabaseEvent, type DatabaseSettings } from './database.events';
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
    private readonly store: EventStore,
    private readonly config: AppConfig,
    private readonly retry: CommandRetryPolicy = new CommandRetryPolicy(),
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
    let id = 0;
    try {
      await this.dataSource.transaction(async (tx) => {
        const seq = await tx.query(`SELECT nextval(pg_get_serial_sequence('databases', 'id')) AS id`);
        id = Number(seq[0].id);
        const events = databaseDecider.decide(
          {
            type: 'CreateDatabase',
            data: { id, settings, passwordSet: !!password, confirmedLogin: input.confirmedLogin },
          },
          databaseDecider.initialState(),
        );
        await this.store.append(databaseStream(id), events, { expectedVersion: 0, tx, meta: meta(actor) });
        if (password) await this.savePassword(tx, id, password);
      });
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
    let password: 'keep' | 'set' | 'remove' = 'keep';
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
      await this.decideAndAppend(
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
    await this.decideAndAppend(id, { type: 'DeleteDatabase' }, actor, async (tx) => {
      await tx.query(`DELETE FROM database_credentials WHERE database_id = $1`, [id]);
    });
  }

  async setAccess(id: number, roles: string[], actor: Actor): Promise<DatabaseRow> {
    await this.decideAndAppend(id, { type: 'SetDatabaseAccess', data: { roles } }, actor);
    return (await this.find(id))!;
  }

  /** `db`: the open transaction's manager when called inside one (see decideAndAppend). */
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

  private async decideAndAppend(
    id: number,
    command: DatabaseCommand,
    actor: Actor,
    alsoInTx?: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    // Decided against the latest state: losing a race with another admin's change loads and decides again.
    await this.retry.run(
      () => this.decideAndAppendOnce(id, command, actor, alsoInTx),
      (e) => e instanceof VersionConflictError,
    );
  }

  private async decideAndAppendOnce(
    id: number,
    command: DatabaseCommand,
    actor: Actor,
    alsoInTx?: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    const { state, version } = await this.load(id);
    await this.dataSource.transaction(async (tx) => {
      let current = state;
      let expected = version;
      if (current.status === 'none') {
        // A row registered outside the log (examples): the log takes it over first. Read through `tx`:
        // the embedded PGlite runs one transaction at a time, so a read on another connection would wait
        // for this transaction to end, which waits for the read (deadlock).
        const row = await this.find(id, tx);
        if (!row) throw new DomainError('database_not_found', 'Database not found.');
        // A password in the registered URI moves to the encrypted column: events never carry one.
        const spec = parseConnectionUri(row.uri);
        const settings = { ...settingsOf(row), uri: formatConnectionUri(spec, 'omit') };
        if (spec.password) await this.savePassword(tx, id, spec.password);
        const adopted = databaseDecider.decide(
          { type: 'AdoptDatabase', data: { id, current: settings, roles: row.roles } },
          current,
        );
        const result = await this.store.append(databaseStream(id), adopted, {
          expectedVersion: 0,
          tx,
          meta: meta(actor),
        });
        current = adopted.reduce(databaseDecider.evolve, current);
        expected = result.version;
      }
      const events = databaseDecider.decide(command, current);
      if (events.length > 0)
        await this.store.append(databaseStream(id), events, { expectedVersion: expected, tx, meta: meta(actor) });
      await alsoInTx?.(tx);
    });
  }

  private async load(id: number): Promise<{ state: DatabaseState; version: number }> {
    const events = (await this.store.readStream(databaseStream(id))) as Envelope[];
    const state = events.reduce(
      (s, e) => databaseDecider.evolve(s, e as unknown as DatabaseEvent),
      databaseDecider.initialState(),
    );
    return { state, version: events.at(-1)?.version ?? 0 };
  }

  private async savePassword(tx: EntityManager, id: number, password: string): Promise<void> {
    await tx.query(
      `INSERT INTO database_credentials (database_id, password_ciphertext, changed_on) VALUES ($1, $2, now())
       ON CONFLICT (database_id) DO UPDATE SET password_ciphertext = $2, changed_on = now()`,
      [id, this.cipher.encrypt(password)],
    );
  }
}

function meta(actor: Actor) {
  return { actor: String(actor), undoable: false };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
