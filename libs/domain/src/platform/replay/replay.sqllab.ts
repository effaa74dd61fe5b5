/**
 * What the replayed user's SQL Lab held at a step, folded with SQL Lab's own folds: their tabs from the
 * `tabstate:<user>` events (tabStateDecider, the server's fold of the same stream) and each run from its
 * `query:<client_id>` events (queryRunDecider). Result rows are never in the log (a run keeps a results
 * key at most), so a replay says so instead of running the query again.
 */
import type { EventLike } from '@strata/events';
import {
  tabStateDecider,
  type TableSchemaRecord,
  type TabRecord,
  type TabStates,
} from '../../sqllab/tab-state/tab-state.decider';
import { TAB_STATE_EVENTS, type TabStateEvent } from '../../sqllab/tab-state/tab-state.events';
import { queryRunDecider, type QueryRunState } from '../../sqllab/query-run/query-run.decider';
import { QUERY_RUN_EVENT_TYPES, type QueryRunEvent } from '../../sqllab/query-run/query-run.events';
import type { ReplayRow, ReplayStep } from './replay.events';
import { rowsUpTo } from './replay.steps';

export interface ReplaySqlLab {
  tabs: readonly (TabRecord & { tab_id: number })[];
  /** The active tab (the one shown), or the last one when none is marked active. */
  active: (TabRecord & { tab_id: number }) | null;
  /** The tables the tabs' left bars list (their columns as the client stored them), by id. */
  tables: readonly (TableSchemaRecord & { id: number })[];
  /** Runs by client id. */
  runs: Readonly<Record<string, QueryRunState>>;
}

const TAB_TYPES: ReadonlySet<string> = new Set(TAB_STATE_EVENTS);
const RUN_TYPES: ReadonlySet<string> = new Set(QUERY_RUN_EVENT_TYPES);
const asEvent = <E extends EventLike>(row: ReplayRow) => ({ type: row.type, data: row.payload }) as E;

/** The user's SQL Lab after step `at`: `before` (their tab-state rows before the range) then the steps. */
export function sqlLabAt(before: readonly ReplayRow[], steps: readonly ReplayStep[], at: number): ReplaySqlLab {
  const rows = [...before, ...rowsUpTo(steps, at)].filter((row) => !row.undone);
  let tabs: TabStates = tabStateDecider.initialState();
  const runs: Record<string, QueryRunState> = {};
  for (const row of rows) {
    if (TAB_TYPES.has(row.type)) tabs = tabStateDecider.evolve(tabs, asEvent<TabStateEvent>(row));
    else if (RUN_TYPES.has(row.type) && row.object !== null) {
      const id = String(row.object.id);
      runs[id] = queryRunDecider.evolve(runs[id] ?? queryRunDecider.initialState(), asEvent<QueryRunEvent>(row));
    }
  }
  const list = Object.entries(tabs.tabs).map(([id, tab]) => ({ ...tab, tab_id: Number(id) }));
  const active = list.find((tab) => tab.active) ?? list[list.length - 1] ?? null;
  const tables = Object.entries(tabs.tables).map(([id, table]) => ({ ...table, id: Number(id) }));
  return { tabs: list, active, tables, runs };
}
