import type { EventLike } from '@strata/events';
import { summarize, summarizeStream } from '../audit/registry';
import type { Summaries } from '../audit/summary';
import { initialSqlLabState } from './editor/model';
import { newEditorQuery } from './queries/query';
import { SQLLAB_SUMMARIES } from './sqllab.summaries';
import type { SqlLabEvent } from './sqllab.events';
import { newTableEntry } from './tables/table-events';
import { added, closed, QID, runRequest, started, successResults, tab } from './testing/fixtures';
import type { QueryRunEvent, QueryStartedData } from './query-run/query-run.events';
import type { TabStateEvent, TabFields } from './tab-state/tab-state.events';
import type { SavedQueryEvent } from './saved-queries/saved-query.events';
import type { SqlLabPermalinkEvent } from './permalinks/permalink.events';
import type { DataExportEvent } from './data-exports/data-export.events';
import type { CatalogEvent } from './catalog/catalog.events';
import type { SaveDialogEvent } from './save-dialog/save-dialog';
import type { QueryHistoryEvent } from './history/query-history.events';
import { NO_HISTORY_FILTERS } from './history/query-history.events';
import { LimitingFactor } from './query-limits/limits';
import type { SavedQueryListEvent } from './saved-list/saved-query-list.events';

/** Minimal data of every event type: the compiler checks each union is covered. */
type Samples<E extends EventLike> = { [K in E['type']]: Extract<E, { type: K }>['data'] };

const table = newTableEntry({ id: 't1', dbId: 1, queryEditorId: 'a', catalog: null, schema: 'main', name: 'flights' });
const query = newEditorQuery(runRequest());

const editor: Samples<SqlLabEvent> = {
  'sqllab/tabAdded': { queryEditor: tab('a', 'Untitled Query 1'), clonedFromId: null },
  'sqllab/tabClosed': { queryEditorId: 'a', at: 1 },
  'sqllab/tabSwitched': { queryEditorId: 'a' },
  'sqllab/tabMoved': { queryEditorId: 'a', toIndex: 0 },
  'sqllab/tabRenamed': { queryEditorId: 'a', name: 'Flights', updatedAt: 1 },
  'sqllab/leftBarHidden': { queryEditorId: 'a', updatedAt: 1 },
  'sqllab/leftBarShown': { queryEditorId: 'a', updatedAt: 1 },
  'sqllab/southPaneTabSelected': { tab: 'Results' },
  'sqllab/panesResized': { queryEditorId: 'a', northPercent: 40, southPercent: 60, updatedAt: 1 },
  'sqllab/sqlEdited': { queryEditorId: 'a', sql: '', updatedAt: 1 },
  'sqllab/textSelected': { queryEditorId: 'a', selectedText: null },
  'sqllab/cursorMoved': { queryEditorId: 'a', cursorPosition: { row: 0, column: 0 } },
  'sqllab/databaseSelected': { queryEditorId: 'a', dbId: null, updatedAt: 1 },
  'sqllab/catalogSelected': { queryEditorId: 'a', catalog: null, updatedAt: 1 },
  'sqllab/schemaSelected': { queryEditorId: 'a', schema: null, updatedAt: 1 },
  'sqllab/queryLimitChanged': { queryEditorId: 'a', queryLimit: 100, updatedAt: 1 },
  'sqllab/templateParamsChanged': { queryEditorId: 'a', templateParams: null, updatedAt: 1 },
  'sqllab/tabSavedAsQuery': { queryEditorId: 'a', remoteId: 1, name: 'Top airports', updatedAt: 1 },
  'sqllab/runStarted': { query },
  'sqllab/runStopped': { queryId: QID, endDttm: 1 },
  'sqllab/resultsFetchStarted': { queryId: QID },
  'sqllab/runSucceeded': { queryId: QID, results: successResults({ query: null }), endDttm: 1 },
  'sqllab/runFailed': { queryId: QID, errors: [], errorMessage: '', link: null, endDttm: 1 },
  'sqllab/runsRefreshed': { alteredQueries: {} },
  'sqllab/inactiveRunsCleared': { now: 1, interval: 1 },
  'sqllab/runResultsCleared': { queryId: QID },
  'sqllab/dataPreviewReplaced': { oldQueryId: QID, query },
  'sqllab/runRemoved': { queryId: QID },
  'sqllab/tableAdded': { table },
  'sqllab/tableMetadataRequested': { tableId: 't1', extra: false },
  'sqllab/tableMetadataLoaded': {
    tableId: 't1',
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
  },
  'sqllab/tableExtraMetadataLoaded': { tableId: 't1', metadata: {} },
  'sqllab/tableMetadataFailed': { tableId: 't1', extra: true },
  'sqllab/tableExpanded': { tableId: 't1' },
  'sqllab/tableCollapsed': { tableId: 't1' },
  'sqllab/tableRemoved': { tableId: 't1' },
  'sqllab/tableDataPreviewSet': { tableId: 't1', queryId: QID },
  'sqllab/costEstimateStarted': { queryEditorId: 'a' },
  'sqllab/costEstimateReturned': { queryEditorId: 'a', cost: [] },
  'sqllab/costEstimateFailed': { queryEditorId: 'a', error: '' },
  'sqllab/datasetCreationStarted': {},
  'sqllab/datasetCreated': { datasource: { id: 1, key: '1__table', name: 'flights' } },
  'sqllab/datasetCreationFailed': { error: '' },
  'sqllab/wentOffline': {},
  'sqllab/cameOnline': {},
  'sqllab/editorStateRestored': { state: initialSqlLabState() },
  'sqllab/tabLoaded': { queryEditor: tab('a', ''), tables: [] },
  'sqllab/tabMigrated': { localId: 'a', remoteId: '1' },
  'sqllab/tableMigrated': { localId: 't1', remoteId: '1' },
  'sqllab/queryMigrated': { queryId: QID },
  'sqllab/tabDropped': { queryEditorId: 'a' },
  'sqllab/destroyedTabCleared': { queryEditorId: 'a' },
  'sqllab/editorStateSaved': { at: 1 },
  'sqllab/activeTabSynced': { queryEditorId: 'a' },
};

const queryStarted: QueryStartedData = {
  clientId: QID,
  userId: 1,
  databaseId: 1,
  sql: 'SELECT 1',
  renderedSql: 'SELECT 1',
  sqlEditorId: null,
  tab: null,
  catalog: null,
  schema: null,
  limit: 100,
  limitingFactor: LimitingFactor.NOT_LIMITED,
  selectAsCta: false,
  ctasMethod: 'TABLE',
  tmpTableName: null,
  tmpSchemaName: null,
  runAsync: false,
  status: 'running',
  startDttm: 1,
};

const runs: Samples<QueryRunEvent> = {
  'sqllab/queryStarted': queryStarted,
  'sqllab/queryProgressed': { statement: 1, statementCount: 1, progress: 0, message: '', at: 1 },
  'sqllab/querySucceeded': {
    rows: 0,
    limitingFactor: LimitingFactor.NOT_LIMITED,
    resultsKey: null,
    columns: [],
    executedSql: '',
    tempTable: null,
    tempSchema: null,
    selectSql: null,
    endDttm: 1,
  },
  'sqllab/queryFailed': { errors: [], errorMessage: '', executedSql: null, endDttm: 1 },
  'sqllab/queryStopped': { endDttm: 1 },
  'sqllab/queryTimedOut': { errors: [], errorMessage: '', endDttm: 1 },
};

const tabFields: TabFields = {
  label: '',
  database_id: null,
  catalog: null,
  schema: null,
  sql: '',
  query_limit: null,
  latest_query_id: null,
  template_params: null,
  hide_left_bar: false,
  autorun: false,
  saved_query_id: null,
  extra_json: null,
};

const tabStates: Samples<TabStateEvent> = {
  'sqllab/tabStateCreated': { ...tabFields, tab_id: 1 },
  'sqllab/tabStateRenamed': { tab_id: 1, label: '' },
  'sqllab/tabStateDatabaseChanged': { tab_id: 1, database_id: null },
  'sqllab/tabStateCatalogChanged': { tab_id: 1, catalog: null },
  'sqllab/tabStateSchemaChanged': { tab_id: 1, schema: null },
  'sqllab/tabStateSqlEdited': { tab_id: 1, sql: '' },
  'sqllab/tabStateQueryLimitChanged': { tab_id: 1, query_limit: null },
  'sqllab/tabStateLatestQueryChanged': { tab_id: 1, latest_query_id: null },
  'sqllab/tabStateTemplateParamsEdited': { tab_id: 1, template_params: null },
  'sqllab/tabStateLeftBarHidden': { tab_id: 1 },
  'sqllab/tabStateLeftBarShown': { tab_id: 1 },
  'sqllab/tabStateAutorunEnabled': { tab_id: 1 },
  'sqllab/tabStateAutorunDisabled': { tab_id: 1 },
  'sqllab/tabStateSavedQueryChanged': { tab_id: 1, saved_query_id: null },
  'sqllab/tabStateExtraChanged': { tab_id: 1, extra_json: null },
  'sqllab/tabActivated': { tab_id: 1 },
  'sqllab/tabStateDeleted': { tab_id: 1 },
  'sqllab/tabQueryRemoved': { tab_id: 1, query_id: QID, latest_changed: false, latest_query_id: null },
  'sqllab/queryMigratedToTab': { tab_id: 1, query_id: QID },
  'sqllab/tableSchemaAdded': {
    database_id: 1,
    catalog: null,
    schema: null,
    table: 'flights',
    description: null,
    table_schema_id: 1,
    tab_id: 1,
    replaced_ids: [],
  },
  'sqllab/tableSchemaExpanded': { table_schema_id: 1 },
  'sqllab/tableSchemaCollapsed': { table_schema_id: 1 },
  'sqllab/tableSchemaRemoved': { table_schema_id: 1 },
};

const savedQueries: Samples<SavedQueryEvent> = {
  'sqllab/savedQueryCreated': {
    id: 1,
    owner_id: 1,
    label: '',
    description: '',
    db_id: 1,
    catalog: null,
    schema: null,
    sql: '',
    template_parameters: null,
  },
  'sqllab/savedQueryRenamed': { label: '' },
  'sqllab/savedQueryDescriptionEdited': { description: '' },
  'sqllab/savedQuerySqlEdited': { sql: '' },
  'sqllab/savedQueryDatabaseChanged': { db_id: 1 },
  'sqllab/savedQueryCatalogChanged': { catalog: null },
  'sqllab/savedQuerySchemaChanged': { schema: null },
  'sqllab/savedQueryTemplateParametersEdited': { template_parameters: null },
  'sqllab/savedQueryDeleted': {},
  'sqllab/savedQueryFavorited': { userId: 1 },
  'sqllab/savedQueryUnfavorited': { userId: 1 },
};

const permalinks: Samples<SqlLabPermalinkEvent> = {
  'sqllab/permalinkCreated': { key: 'k'.repeat(16), state: { dbId: 1, sql: '' } },
};
const exports: Samples<DataExportEvent> = {
  'sqllab/dataExported': { clientId: QID, row_count: 0, database_id: 1, database: 'examples', schema: null, sql: '' },
};
const catalog: Samples<CatalogEvent> = {
  'sqllabCatalog/databasesLoaded': { databases: [] },
  'sqllabCatalog/schemasLoaded': { dbId: 1, schemas: [] },
  'sqllabCatalog/tablesLoaded': { dbId: 1, schema: 'main', tables: [] },
  'sqllabCatalog/tableMetadataLoaded': {
    dbId: 1,
    schema: 'main',
    table: 'flights',
    metadata: { name: 'flights', columns: [], selectStar: '' },
  },
  'sqllabCatalog/loadFailed': { what: '', message: '' },
};
const saveDialog: Samples<SaveDialogEvent> = {
  'sqllabSaveDialog/opened': { queryEditorId: 'a', name: '', saved: false },
  'sqllabSaveDialog/descriptionLoaded': { queryEditorId: 'a', description: '' },
  'sqllabSaveDialog/saveStarted': { queryEditorId: 'a', name: '', asNew: false },
  'sqllabSaveDialog/saveSucceeded': { queryEditorId: 'a' },
  'sqllabSaveDialog/saveFailed': { queryEditorId: 'a' },
  'sqllabSaveDialog/closed': {},
};
const history: Samples<QueryHistoryEvent> = {
  'queryHistory/listRequested': { filters: NO_HISTORY_FILTERS, page: 0 },
  'queryHistory/listLoaded': { filters: NO_HISTORY_FILTERS, page: 0, rows: [], count: 0 },
  'queryHistory/listLoadFailed': { filters: NO_HISTORY_FILTERS, page: 0, message: '' },
};
const savedList: Samples<SavedQueryListEvent> = {
  'savedQueries/listRequested': { search: '', page: 0 },
  'savedQueries/listLoaded': { search: '', page: 0, rows: [], count: 0 },
  'savedQueries/listLoadFailed': { message: '' },
  'savedQueries/rowEdited': {
    row: { id: 1, label: 'Q', db_id: 1, catalog: null, schema: null, sql: '', template_parameters: null },
  },
  'savedQueries/rowsDeleted': { ids: [1] },
  'savedQueries/favoriteStatusLoaded': { status: [{ id: 1, value: true }] },
  'savedQueries/rowFavorited': { id: 1 },
  'savedQueries/rowUnfavorited': { id: 1 },
};

const SAMPLES: Record<string, unknown> = {
  ...editor,
  ...runs,
  ...tabStates,
  ...savedQueries,
  ...permalinks,
  ...exports,
  ...catalog,
  ...saveDialog,
  ...history,
  ...savedList,
};

const who = { who: 'bob' };
const texts = (events: EventLike[]) => summarizeStream(events, () => who);

describe('SQL Lab summaries', () => {
  const contexts: readonly Summaries<EventLike, unknown>[] = SQLLAB_SUMMARIES as never;

  it.each(contexts.map((c) => [c.context, c] as const))(
    "'%s': every type reads as words on minimal data, with and without earlier events",
    (_name, summaries) => {
      const events = Object.keys(summaries.of).map((type) => ({ type, data: SAMPLES[type] }));
      // Alone (no earlier events), after nothing of this context (empty names), and all in one stream.
      const inOneStream = texts(events);
      events.forEach((event, index) => {
        expect(SAMPLES).toHaveProperty([event.type]);
        const alone = summarize(event, who);
        const first = texts([{ type: 'test/other', data: {} }, event])[1]!;
        for (const text of [alone, first, inOneStream[index]!]) {
          expect(text.trim()).not.toBe('');
          expect(text).not.toMatch(/undefined|\[object Object\]|null|NaN/);
          expect(text.length).toBeLessThan(140);
        }
      });
    },
  );

  it('names the tab as it was called when the event happened, not as it is called today', () => {
    expect(
      texts([
        added(tab('a', 'Untitled Query 1')),
        started({ sqlEditorId: 'a' }),
        { type: 'sqllab/tabRenamed', data: { queryEditorId: 'a', name: 'Flights', updatedAt: 2 } },
        { type: 'sqllab/runStopped', data: { queryId: QID, endDttm: 3 } },
        { type: 'sqllab/tabRenamed', data: { queryEditorId: 'a', name: 'Delays', updatedAt: 4 } },
        closed('a'),
        { type: 'sqllab/destroyedTabCleared', data: { queryEditorId: 'a' } },
      ]),
    ).toEqual([
      "bob opened the new tab 'Untitled Query 1'",
      "bob ran a query in the tab 'Untitled Query 1' on database 1",
      "bob renamed the tab 'Untitled Query 1' to 'Flights'",
      "bob stopped the query in the tab 'Flights'",
      "bob renamed the tab 'Flights' to 'Delays'",
      "bob closed the tab 'Delays'",
      "the server deleted the tab 'Delays', which was closed",
    ]);
  });

  it('names a tab that is not the active one, a cloned tab and a table of the left bar', () => {
    expect(
      texts([
        added(tab('a', 'Flights')),
        added(tab('b', 'Flights copy'), 'a'),
        { type: 'sqllab/tabRenamed', data: { queryEditorId: 'a', name: 'Airports', updatedAt: 2 } },
        { type: 'sqllab/tableAdded', data: { table } },
        { type: 'sqllab/tableRemoved', data: { tableId: 't1' } },
        { type: 'sqllab/runSucceeded', data: { queryId: 'nope', results: successResults(), endDttm: 1 } },
      ]),
    ).toEqual([
      "bob opened the new tab 'Flights'",
      "bob cloned the tab 'Flights' as 'Flights copy'",
      "bob renamed the tab 'Flights' to 'Airports'",
      "bob added the table 'main.flights' to the tab 'Airports'",
      "bob removed the table 'main.flights' from the left bar",
      'the query succeeded with 1 row',
    ]);
  });

  it('falls back to a phrase without the name when no earlier events are known', () => {
    expect(summarize({ type: 'sqllab/runStopped', data: { queryId: QID, endDttm: 1 } }, who)).toBe(
      'bob stopped the query',
    );
    expect(summarize({ type: 'sqllab/tabClosed', data: { queryEditorId: 'a', at: 1 } }, who)).toBe(
      'bob closed the tab',
    );
    expect(summarize({ type: 'sqllab/tabStateDeleted', data: { tab_id: 7 } }, who)).toBe('bob closed the tab');
  });

  it("the server's tab stream names tabs and tables by their label then", () => {
    expect(
      texts([
        { type: 'sqllab/tabStateCreated', data: { ...tabFields, tab_id: 7, label: 'Untitled Query 1' } },
        { type: 'sqllab/tabStateRenamed', data: { tab_id: 7, label: 'Flights' } },
        { type: 'sqllab/tableSchemaAdded', data: { ...tabStates['sqllab/tableSchemaAdded'], tab_id: 7 } },
        { type: 'sqllab/tableSchemaCollapsed', data: { table_schema_id: 1 } },
        { type: 'sqllab/tabStateDeleted', data: { tab_id: 7 } },
      ]),
    ).toEqual([
      "bob opened the tab 'Untitled Query 1'",
      "bob renamed the tab 'Untitled Query 1' to 'Flights'",
      "bob added the table 'flights' to the tab 'Flights'",
      "bob collapsed the table 'flights' in the tab 'Flights'",
      "bob closed the tab 'Flights'",
    ]);
  });

  it("a run's stream names the tab it started in", () => {
    expect(
      texts([
        { type: 'sqllab/queryStarted', data: { ...queryStarted, tab: 'Flights' } },
        { type: 'sqllab/queryStopped', data: { endDttm: 2 } },
      ]),
    ).toEqual(["bob ran a query in the tab 'Flights' on database 1", "bob stopped the query in the tab 'Flights'"]);
  });

  it('a saved query is named by its label before each edit', () => {
    expect(
      texts([
        {
          type: 'sqllab/savedQueryCreated',
          data: { ...savedQueries['sqllab/savedQueryCreated'], label: 'Top airports' },
        },
        { type: 'sqllab/savedQueryRenamed', data: { label: 'Busiest airports' } },
        { type: 'sqllab/savedQueryDeleted', data: {} },
      ]),
    ).toEqual([
      "bob saved the query 'Top airports'",
      "bob renamed the saved query 'Top airports' to 'Busiest airports'",
      "bob deleted the saved query 'Busiest airports'",
    ]);
    expect(summarize({ type: 'sqllab/savedQueryDeleted', data: {} }, { who: 'bob', objectName: 'Old' })).toBe(
      "bob deleted the saved query 'Old'",
    );
  });

  it('the save dialog names the query being saved; the catalog names databases once listed', () => {
    expect(
      texts([
        { type: 'sqllabSaveDialog/opened', data: { queryEditorId: 'a', name: 'Flights', saved: false } },
        { type: 'sqllabSaveDialog/saveStarted', data: { queryEditorId: 'a', name: 'Top airports', asNew: false } },
        { type: 'sqllabSaveDialog/saveSucceeded', data: { queryEditorId: 'a' } },
      ]),
    ).toEqual([
      "bob opened the save dialog for the tab 'Flights'",
      "bob began saving the query 'Top airports'",
      "the query 'Top airports' was saved",
    ]);
    expect(
      texts([
        { type: 'sqllabCatalog/databasesLoaded', data: { databases: [{ id: 1, database_name: 'examples' }] } },
        { type: 'sqllabCatalog/schemasLoaded', data: { dbId: 1, schemas: ['main'] } },
      ]),
    ).toEqual(['bob loaded the list of databases (1 database)', "bob loaded the schemas of 'examples' (1 schema)"]);
  });
});
