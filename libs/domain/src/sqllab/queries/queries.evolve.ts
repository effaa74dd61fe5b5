/** evolve for query runs (sqllab-and-platform §4 Query states). Times come in the events, never from a clock. */
import { leaveUnchanged } from '../../shared/exhaustive';
import { queryEditorById, type SqlLabState } from '../editor/model';
import { editTab, without } from '../editor/tab-state';
import { QueryState, type EditorQuery, type QueryResults } from './query';
import type { QueryEvent } from './query-events';

function alter(state: SqlLabState, id: string, change: (q: EditorQuery) => EditorQuery | null): SqlLabState {
  const query = state.queries[id];
  if (!query) return state;
  const next = change(query);
  return next === null || next === query ? state : { ...state, queries: { ...state.queries, [id]: next } };
}

/** sqllab-and-platform §4: starting a run clears the previous latest query's stored results; a run without tab goes to the bottom pane. */
function start(state: SqlLabState, query: EditorQuery): SqlLabState {
  if (state.queries[query.id]) return state;
  let next = state;
  const tab = query.sqlEditorId === null ? undefined : queryEditorById(state, query.sqlEditorId);
  // The run of a tab that is gone (closed, or its creation undone) goes with the tab, as on close.
  if (query.sqlEditorId !== null && !tab) return state;
  if (tab) {
    const previous = tab.latestQueryId;
    if (previous) {
      next = alter(next, previous, (q) => (q.results ? { ...q, results: { ...q.results, data: [], query: null } } : q));
    }
  } else {
    next = { ...next, activeSouthPaneTab: query.id };
  }
  next = { ...next, queries: { ...next.queries, [query.id]: query } };
  return tab ? editTab(next, tab.id, { latestQueryId: query.id }) : next;
}

/** sqllab-and-platform §4 Success: ignored if the run was stopped or the result status is not success. */
function succeed(q: EditorQuery, results: QueryResults, endDttm: number): EditorQuery | null {
  if (q.state === QueryState.STOPPED || results.status !== QueryState.SUCCESS) return null;
  const server = results.query ?? {};
  return {
    ...q,
    state: QueryState.SUCCESS,
    progress: 100,
    endDttm,
    results,
    rows: server.rows ?? results.data.length,
    limitingFactor: server.limitingFactor ?? null,
    tempSchema: server.tempSchema ?? null,
    tempTable: server.tempTable ?? null,
    resultsKey: server.resultsKey ?? q.resultsKey,
    errors: [],
    errorMessage: null,
    cached: false,
  };
}

/** The server sends times as ISO text without a zone; they are UTC. */
function changedOnMs(changedOn: string | undefined): number {
  if (!changedOn) return 0;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(changedOn) ? changedOn : `${changedOn}Z`);
  return Number.isFinite(ms) ? ms : 0;
}

function sameQuery(a: EditorQuery, b: EditorQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (key === 'extra') continue;
    if (a[key as keyof EditorQuery] !== b[key as keyof EditorQuery]) return false;
  }
  return JSON.stringify(a.extra) === JSON.stringify(b.extra);
}

/** sqllab-and-platform §4: refresh from the server merges altered queries. */
function refresh(state: SqlLabState, altered: Readonly<Record<string, Partial<EditorQuery>>>): SqlLabState {
  let queries: Record<string, EditorQuery> | null = null;
  let queriesLastUpdate = state.queriesLastUpdate;
  for (const [id, changed] of Object.entries(altered)) {
    const local = state.queries[id];
    // Queries already stopped or failed locally are left alone.
    if (local && (local.state === QueryState.STOPPED || local.state === QueryState.FAILED)) continue;
    queriesLastUpdate = Math.max(queriesLastUpdate, changedOnMs(changed.changed_on));
    // A server success does not override a local fetching, success or running state (the poll lags).
    const keepLocal =
      changed.state === QueryState.SUCCESS &&
      local !== undefined &&
      [QueryState.FETCHING, QueryState.SUCCESS, QueryState.RUNNING].some((s) => s === local.state);
    const merged = {
      ...local,
      ...changed,
      ...(changed.startDttm !== undefined && { startDttm: Number(changed.startDttm) }),
      ...(changed.endDttm !== undefined && changed.endDttm !== null && { endDttm: Number(changed.endDttm) }),
      state: keepLocal ? local.state : (changed.state ?? local?.state ?? QueryState.PENDING),
    } as EditorQuery;
    if (local && sameQuery(merged, local)) continue;
    queries = { ...(queries ?? state.queries), [id]: merged };
  }
  if (queries === null && queriesLastUpdate === state.queriesLastUpdate) return state;
  return { ...state, queries: queries ?? state.queries, queriesLastUpdate };
}

/** sqllab-and-platform §4: drop runs stuck at zero progress; others with a results key take their results' status. */
function clearInactive(state: SqlLabState, now: number, interval: number): SqlLabState {
  const queries: Record<string, EditorQuery> = {};
  for (const [id, q] of Object.entries(state.queries)) {
    const stuck =
      (q.state === QueryState.RUNNING || q.state === QueryState.PENDING) &&
      now - q.startDttm > interval &&
      q.progress === 0;
    if (stuck) continue;
    const status = q.resultsKey && q.results?.status ? q.results.status : q.state;
    queries[id] = status === q.state ? q : { ...q, state: status };
  }
  return { ...state, queries };
}

/** After a removal the tab's latest query is its previous one. */
function remove(state: SqlLabState, id: string): SqlLabState {
  const query = state.queries[id];
  if (!query) return state;
  const queries = without(state.queries, (key) => key === id);
  let next: SqlLabState = { ...state, queries };
  const tab = query.sqlEditorId === null ? undefined : queryEditorById(state, query.sqlEditorId);
  if (tab && tab.latestQueryId === id) {
    const previous = Object.values(queries)
      .filter((q) => q.sqlEditorId === tab.id)
      .sort((a, b) => b.startDttm - a.startDttm)[0];
    next = editTab(next, tab.id, { latestQueryId: previous?.id ?? null });
  }
  return next;
}

export function evolveQueries(state: SqlLabState, event: QueryEvent): SqlLabState {
  switch (event.type) {
    case 'sqllab/runStarted':
      return start(state, event.data.query);
    case 'sqllab/runStopped':
      return alter(state, event.data.queryId, (q) => ({
        ...q,
        state: QueryState.STOPPED,
        results: null,
        endDttm: event.data.endDttm,
      }));
    case 'sqllab/resultsFetchStarted':
      return alter(state, event.data.queryId, (q) => ({ ...q, state: QueryState.FETCHING }));
    case 'sqllab/runSucceeded':
      return alter(state, event.data.queryId, (q) => succeed(q, event.data.results, event.data.endDttm));
    case 'sqllab/runFailed': {
      const { errors, errorMessage, link, endDttm } = event.data;
      // sqllab-and-platform §4 Failure: ignored if the query is stopped.
      return alter(state, event.data.queryId, (q) =>
        q.state === QueryState.STOPPED ? null : { ...q, state: QueryState.FAILED, errors, errorMessage, link, endDttm },
      );
    }
    case 'sqllab/runsRefreshed':
      return refresh(state, event.data.alteredQueries);
    case 'sqllab/inactiveRunsCleared':
      return clearInactive(state, event.data.now, event.data.interval);
    case 'sqllab/runResultsCleared':
      return alter(state, event.data.queryId, (q) => ({ ...q, results: null, cached: true }));
    case 'sqllab/dataPreviewReplaced': {
      const { oldQueryId, query } = event.data;
      if (state.queries[query.id]) return state;
      const queries = { ...without(state.queries, (key) => key === oldQueryId), [query.id]: query };
      const tables = state.tables.map((t) =>
        t.dataPreviewQueryId === oldQueryId ? { ...t, dataPreviewQueryId: query.id } : t,
      );
      return { ...state, queries, tables, activeSouthPaneTab: query.id };
    }
    case 'sqllab/runRemoved':
      return remove(state, event.data.queryId);
    default:
      return leaveUnchanged(event, state);
  }
}
