/**
 * Result fields carry only a type oid. The names ('integer', 'timestamp without time zone') and generic
 * kinds come from pg_type, read once per pool and again only when a type created later shows up.
 */
/** Runs the catalog query: on the asking session's own connection, see describe(). */
export type PgQuery = <R>(sql: string) => Promise<{ rows: R[] }>;
import { GenericType } from '../query-engine';

export interface PgTypeInfo {
  name: string;
  generic: GenericType;
  isDttm: boolean;
}

/** pg_type.typcategory -> generic type (N numeric, D date/time, B boolean; the rest reads as text). */
export function genericOfCategory(category: string): GenericType {
  switch (category) {
    case 'N':
      return GenericType.Numeric;
    case 'D':
      return GenericType.Temporal;
    case 'B':
      return GenericType.Boolean;
    default:
      return GenericType.String;
  }
}

export class PgTypeCatalog {
  private types: Promise<Map<number, PgTypeInfo>> | undefined;

  /**
   * `query` should use the connection that produced the result: on PGlite another connection waits until
   * that connection's transaction ends, so asking through the pool would wait forever.
   */
  async describe(oids: readonly number[], query: PgQuery): Promise<PgTypeInfo[]> {
    let map = await this.load(query);
    if (oids.some((oid) => !map.has(oid))) {
      this.types = undefined;
      map = await this.load(query);
    }
    return oids.map((oid) => map.get(oid) ?? { name: `oid ${oid}`, generic: GenericType.String, isDttm: false });
  }

  /**
   * From the loaded catalog only, never querying: for a result still streaming through a cursor, whose
   * connection cannot run the catalog query until the cursor closes. Call `describe([], query)` first.
   */
  async describeLoaded(oids: readonly number[]): Promise<PgTypeInfo[]> {
    const map = (await this.types) ?? new Map<number, PgTypeInfo>();
    return oids.map((oid) => map.get(oid) ?? { name: `oid ${oid}`, generic: GenericType.String, isDttm: false });
  }

  private load(query: PgQuery): Promise<Map<number, PgTypeInfo>> {
    if (!this.types) {
      const loading = query<{ oid: number; name: string; category: string }>(
        `SELECT oid::int AS oid, format_type(oid, NULL) AS name, typcategory::text AS category FROM pg_type`,
      ).then(({ rows }) => {
        const map = new Map<number, PgTypeInfo>();
        for (const row of rows) {
          const generic = genericOfCategory(row.category);
          map.set(row.oid, { name: row.name, generic, isDttm: generic === GenericType.Temporal });
        }
        return map;
      });
      // A failed load is retried next time instead of being cached.
      loading.catch(() => {
        if (this.types === loading) this.types = undefined;
      });
      this.types = loading;
    }
    return this.types;
  }
}
