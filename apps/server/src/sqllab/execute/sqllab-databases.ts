/**
 * What SQL Lab needs of a database: its flags, whether the user may query it (DatabaseAccess), and its
 * QueryEngine (EngineRegistry, one pool per database, passwords decrypted there). A port so the run and
 * the export depend on these three answers only.
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { DatabaseAccess } from '../../databases/database-access';
import { EngineRegistry } from '../../databases/engine-registry';
import type { QueryEngine } from '../../engines/query-engine';

export interface SqlLabDatabase {
  id: number;
  database_name: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
}

export abstract class SqlLabDatabases {
  abstract find(id: number): Promise<SqlLabDatabase | null>;
  /** DatabaseAccess's full rule: permission pairs and the database's role grants. */
  abstract canQuery(user: CurrentUser, database: Pick<SqlLabDatabase, 'id'>): Promise<boolean>;
  abstract engine(id: number): Promise<QueryEngine>;
}

@Injectable()
export class RegistrySqlLabDatabases extends SqlLabDatabases {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: DatabaseAccess,
    private readonly registry: EngineRegistry,
  ) {
    super();
  }

  async find(id: number): Promise<SqlLabDatabase | null> {
    const rows: SqlLabDatabase[] = await this.dataSource.query(
      `SELECT id, database_name, expose_in_sqllab, allow_run_async, allow_dml, allow_ctas, allow_cvas, force_ctas_schema, cache_timeout
       FROM databases WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  canQuery(user: CurrentUser, database: Pick<SqlLabDatabase, 'id'>): Promise<boolean> {
    return this.access.canAccess(user, database.id);
  }

  engine(id: number): Promise<QueryEngine> {
    return this.registry.forDatabase(id);
  }
}

/** The name other modules imported before the registry existed. */
export const TableSqlLabDatabases = RegistrySqlLabDatabases;
