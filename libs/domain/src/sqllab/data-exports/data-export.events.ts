/**
 * A CSV export of a query's results is an audit record (sqllab-and-platform §7, REFERENCE §1.1
 * `GET /api/v1/sqllab/export/{client_id}/`): `sqllab/dataExported` on the exporting user's stream
 * `export:<userId>`, appended once the whole file has been streamed.
 */
import type { EventLike } from '@strata/events';

export interface DataExportRecord {
  /** The exported query's client id (11 characters). */
  clientId: string;
  row_count: number;
  database_id: number;
  database: string;
  schema: string | null;
  /** The statement that was re-run for the file. */
  sql: string;
}

export type DataExported = EventLike<'sqllab/dataExported', DataExportRecord>;
export type DataExportEvent = DataExported;

export const DATA_EXPORT_EVENTS = ['sqllab/dataExported'] as const satisfies readonly DataExportEvent['type'][];
export const dataExportStream = (userId: number) => `export:${userId}`;
