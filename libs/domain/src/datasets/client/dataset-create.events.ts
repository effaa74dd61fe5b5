/**
 * The "New dataset" dialog's choices (issue 15 item 2): from a table (database, schema, table) or from
 * SQL (name and query), folded into `create.form` (datasets-client.fold.ts). The pickers' lists are loads
 * (`schemasLoaded`, `tablesLoaded`): an answer for a database or schema no longer chosen is dropped.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';

export type DatasetCreateSource = 'table' | 'sql';

export type DatasetCreateEvent =
  /** The dialog opens empty: the earlier opening's choices and refusal are gone. */
  | EventLike<'datasetCreate/dialogOpened', Record<string, never>>
  | EventLike<'datasetCreate/sourceChosen', { source: DatasetCreateSource }>
  | EventLike<'datasetCreate/databaseChosen', { databaseId: number }>
  | EventLike<'datasetCreate/schemaChosen', { schema: string }>
  | EventLike<'datasetCreate/tableChosen', { table: string }>
  | EventLike<'datasetCreate/nameEdited', { name: string }>
  | EventLike<'datasetCreate/sqlEdited', { sql: string }>
  | EventLike<'datasetCreate/schemasLoaded', { databaseId: number; schemas: string[] }>
  | EventLike<'datasetCreate/tablesLoaded', { databaseId: number; schema: string; tables: string[] }>;

export interface DatasetCreateForm {
  source: DatasetCreateSource;
  /** null: the first database of the picker (the dialog shows it chosen). */
  databaseId: number | null;
  schema: string;
  table: string;
  name: string;
  sql: string;
  /** The pickers' lists, for the database and schema they were read for. */
  schemas: { databaseId: number; list: string[] } | null;
  tables: { databaseId: number; schema: string; list: string[] } | null;
}

export const emptyCreateForm = (): DatasetCreateForm => ({
  source: 'table',
  databaseId: null,
  schema: '',
  table: '',
  name: '',
  sql: '',
  schemas: null,
  tables: null,
});

/** An answer is the form's when it is for the database shown (the chosen one, or the default when none is). */
const forDatabase = (form: DatasetCreateForm, databaseId: number) =>
  form.databaseId === null || form.databaseId === databaseId;

export function evolveCreateForm(form: DatasetCreateForm, event: DatasetCreateEvent): DatasetCreateForm {
  switch (event.type) {
    case 'datasetCreate/dialogOpened':
      return emptyCreateForm();
    case 'datasetCreate/sourceChosen':
      return { ...form, source: event.data.source };
    case 'datasetCreate/databaseChosen': {
      // The database already shown (chosen, or the default whose schemas came): its lists stay, as nothing
      // would read them again. Another database: its schemas and tables are read again; the table was the other's.
      const shown = form.databaseId ?? form.schemas?.databaseId ?? null;
      if (shown === event.data.databaseId) return { ...form, databaseId: event.data.databaseId };
      return { ...form, databaseId: event.data.databaseId, schemas: null, tables: null, table: '' };
    }
    case 'datasetCreate/schemaChosen':
      return { ...form, schema: event.data.schema, tables: null, table: '' };
    case 'datasetCreate/tableChosen':
      return { ...form, table: event.data.table };
    case 'datasetCreate/nameEdited':
      return { ...form, name: event.data.name };
    case 'datasetCreate/sqlEdited':
      return { ...form, sql: event.data.sql };
    case 'datasetCreate/schemasLoaded': {
      const { databaseId, schemas } = event.data;
      if (!forDatabase(form, databaseId)) return form;
      // The schema shown stays when the database has it; otherwise `public`, else the first.
      const schema = schemas.includes(form.schema)
        ? form.schema
        : ((schemas.includes('public') ? 'public' : schemas[0]) ?? '');
      const moved = schema !== form.schema ? { tables: null, table: '' } : {};
      return { ...form, ...moved, schemas: { databaseId, list: schemas }, schema };
    }
    case 'datasetCreate/tablesLoaded': {
      const { databaseId, schema, tables } = event.data;
      if (!forDatabase(form, databaseId) || schema !== form.schema) return form;
      return { ...form, tables: { databaseId, schema, list: tables } };
    }
    default:
      return leaveUnchanged(event, form);
  }
}
