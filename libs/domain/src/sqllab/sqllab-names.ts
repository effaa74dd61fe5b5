/**
 * What the editor's audit summaries need to name things its events refer to by id (issue 13): the
 * editor state folded by the editor's own evolve (tab names with unsaved edits, which tab a run or a
 * table belongs to), plus the names of closed tabs, which evolve forgets but the server's later
 * "destroyed tab cleared" still refers to.
 */
import { quote, the } from '../audit/summary';
import { initialSqlLabState, queryEditorById, type SqlLabState } from './editor/model';
import type { SqlLabEvent } from './sqllab.events';
import { evolveSqlLab } from './sqllab.decider';

export interface SqlLabNames {
  editor: SqlLabState;
  /** Tab id to its name when it was closed. */
  closed: Readonly<Record<string, string>>;
}

export const sqlLabNames = {
  initial: (): SqlLabNames => ({ editor: initialSqlLabState(), closed: {} }),
  evolve(names: SqlLabNames, event: SqlLabEvent): SqlLabNames {
    const editor = evolveSqlLab(names.editor, event);
    if (event.type !== 'sqllab/tabClosed') return editor === names.editor ? names : { ...names, editor };
    const name = queryEditorById(names.editor, event.data.queryEditorId)?.name;
    return {
      editor,
      closed: name === undefined ? names.closed : { ...names.closed, [event.data.queryEditorId]: name },
    };
  },
};

/** A tab's name as it was before the event (open or closed), if known. */
export function tabName(before: SqlLabNames | undefined, id: string | null | undefined): string | undefined {
  if (before === undefined || id == null) return undefined;
  return queryEditorById(before.editor, id)?.name ?? before.closed[id];
}

/** "the tab 'Flights'", or "the tab" when its name is not known. */
export const theTab = (before: SqlLabNames | undefined, id: string | null | undefined, fallback?: string | null) =>
  the('tab', tabName(before, id) ?? fallback ?? undefined);

/** "the query in the tab 'Flights'" for a run, by the tab it ran in. */
export function theQuery(before: SqlLabNames | undefined, queryId: string): string {
  const query = before?.editor.queries[queryId];
  if (query === undefined) return 'the query';
  if (query.isDataPreview) {
    const table = before?.editor.tables.find((t) => t.dataPreviewQueryId === queryId);
    return table === undefined ? 'the data preview' : `the data preview of ${theTable(before, table.id)}`;
  }
  const name = tabName(before, query.sqlEditorId) ?? query.tab ?? undefined;
  return name === undefined ? 'the query' : `the query in the tab ${quote(name)}`;
}

/** "the table 'public.flights'" for a left bar entry. */
export function theTable(before: SqlLabNames | undefined, tableId: string): string {
  const table = before?.editor.tables.find((t) => t.id === tableId);
  return table === undefined ? 'the table' : the('table', tableName(table.schema, table.name));
}

export const tableName = (schema: string | null | undefined, name: string) => (schema ? `${schema}.${name}` : name);

/** Databases are known to the editor by id only; the catalog's names live in another log. */
export const database = (dbId: number | null | undefined) => (dbId == null ? 'no database' : `database ${dbId}`);

/** ": 'division by zero'" after "failed", or nothing when the message is empty. */
export const reason = (message: string | null | undefined) => (message?.trim() ? `: ${quote(message)}` : '');
