/**
 * Who may read a database (REFERENCE §6.2): admins, all_database_access or all_datasource_access, a
 * database_access pair on "[name].(id:N)" among the user's permissions, or a grant in `database_access`
 * for one of the user's roles. EXECUTE and the other SQL Lab features ask here.
 */
import { Injectable } from '@nestjs/common';
import { canAccessDatabase, isAdmin } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';

@Injectable()
export class DatabaseAccess {
  constructor(private readonly dataSource: DataSource) {}

  /** False for a database that does not exist too; callers tell 404 from 403 themselves. */
  async canAccess(user: CurrentUser, databaseId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT d.database_name AS name,
              EXISTS (SELECT 1 FROM database_access a WHERE a.database_id = d.id AND lower(a.role) = ANY($2::text[])) AS granted
         FROM databases d WHERE d.id = $1`,
      [databaseId, user.roles.map((r) => r.toLowerCase())],
    )) as { name: string; granted: boolean }[];
    const db = rows[0];
    if (!db) return false;
    return isAdmin(user) || db.granted || canAccessDatabase(user, { id: databaseId, name: db.name });
  }

  /** The ids of every database the user may read, for list endpoints. */
  async accessibleIds(user: CurrentUser): Promise<Set<number>> {
    const rows = (await this.dataSource.query(
      `SELECT d.id, d.database_name AS name,
              EXISTS (SELECT 1 FROM database_access a WHERE a.database_id = d.id AND lower(a.role) = ANY($1::text[])) AS granted
         FROM databases d`,
      [user.roles.map((r) => r.toLowerCase())],
    )) as { id: number; name: string; granted: boolean }[];
    return new Set(
      rows
        .filter((r) => isAdmin(user) || r.granted || canAccessDatabase(user, { id: r.id, name: r.name }))
        .map((r) => r.id),
    );
  }
}
