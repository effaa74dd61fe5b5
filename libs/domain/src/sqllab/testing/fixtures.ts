/** Builders for the editor specs (used by specs only; not exported from the package index). */
import { INITIAL_NORTH_PERCENT, INITIAL_SOUTH_PERCENT } from '../editor/tabs.decide';
import type { QueryEditor } from '../editor/model';
import type { TabEvent } from '../editor/tab-events';
import { newEditorQuery, type QueryResults, type QueryRunRequest } from '../queries/query';
import type { SqlLabEvent } from '../sqllab.events';

export function tab(id: string, name: string, overrides: Partial<QueryEditor> = {}): QueryEditor {
  return {
    version: 1,
    id,
    loaded: true,
    name,
    sql: '',
    selectedText: null,
    dbId: null,
    catalog: null,
    schema: null,
    autorun: false,
    queryLimit: 1000,
    maxRow: null,
    templateParams: null,
    remoteId: null,
    latestQueryId: null,
    hideLeftBar: false,
    updatedAt: 1,
    cursorPosition: null,
    functionNames: [],
    height: null,
    northPercent: INITIAL_NORTH_PERCENT,
    southPercent: INITIAL_SOUTH_PERCENT,
    inLocalStorage: true,
    ...overrides,
  };
}

export const added = (qe: QueryEditor, clonedFromId: string | null = null): TabEvent => ({
  type: 'sqllab/tabAdded',
  data: { queryEditor: qe, clonedFromId },
});
export const switched = (queryEditorId: string): TabEvent => ({ type: 'sqllab/tabSwitched', data: { queryEditorId } });
export const closed = (queryEditorId: string, at = 5): TabEvent => ({
  type: 'sqllab/tabClosed',
  data: { queryEditorId, at },
});
export const sqlEdited = (queryEditorId: string, sql: string, updatedAt = 2): TabEvent => ({
  type: 'sqllab/sqlEdited',
  data: { queryEditorId, sql, updatedAt },
});

export const QID = 'q0000000001';
export const QID2 = 'q0000000002';

export const runRequest = (overrides: Partial<QueryRunRequest> = {}): QueryRunRequest => ({
  id: QID,
  dbId: 1,
  sql: 'SELECT 1',
  sqlEditorId: 'a',
  runAsync: false,
  startDttm: 1000,
  ...overrides,
});

export const started = (overrides: Partial<QueryRunRequest> = {}): SqlLabEvent => ({
  type: 'sqllab/runStarted',
  data: { query: newEditorQuery(runRequest(overrides)) },
});

export const successResults = (overrides: Partial<QueryResults> = {}): QueryResults => ({
  status: 'success',
  data: [{ x: 1 }],
  columns: [{ column_name: 'x', type: 'INT', is_dttm: false }],
  query: { rows: 1, limitingFactor: 'NOT_LIMITED', resultsKey: 'key-1', tempSchema: null, tempTable: null },
  ...overrides,
});
