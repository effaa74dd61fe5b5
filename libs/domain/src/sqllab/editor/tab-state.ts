/**
 * Pure state helpers shared by the editor's evolve functions. They keep the tab invariants whatever
 * subset of the log is folded (undo skips batches, so an event may meet a state it was not decided on):
 * the active tab is the last history entry, history holds only existing tabs without adjacent
 * duplicates, and unsaved edits belong to the active tab.
 */
import { activeTabId, type QueryEditorPatch, type SqlLabState } from './model';

export function hasTab(state: SqlLabState, id: string): boolean {
  return state.queryEditors.some((qe) => qe.id === id);
}

/** Appends a tab to the history unless it already is the last entry. */
export function pushHistory(history: readonly string[], id: string): readonly string[] {
  return history[history.length - 1] === id ? history : [...history, id];
}

/** sqllab-and-platform §4 Tabs: adjacent duplicates in history are collapsed. */
export function collapseHistory(history: readonly string[]): readonly string[] {
  return history.filter((id, i) => i === 0 || history[i - 1] !== id);
}

/** Writes the unsaved edits into their stored tab (before the active tab changes). */
export function flushUnsaved(state: SqlLabState): SqlLabState {
  const unsaved = state.unsavedQueryEditor;
  if (!unsaved) return state;
  return {
    ...state,
    unsavedQueryEditor: null,
    queryEditors: state.queryEditors.map((qe) => (qe.id === unsaved.id ? { ...qe, ...unsaved } : qe)),
  };
}

/**
 * sqllab-and-platform §4 Tabs: property edits go to the unsaved copy if the tab is active, otherwise to the stored
 * tab. An edit of a tab that does not exist (closed, or its creation undone) changes nothing.
 */
export function editTab(state: SqlLabState, id: string, patch: QueryEditorPatch): SqlLabState {
  if (!hasTab(state, id)) return state;
  if (activeTabId(state) === id) {
    const base = state.unsavedQueryEditor?.id === id ? state.unsavedQueryEditor : { id };
    return { ...state, unsavedQueryEditor: { ...base, ...patch } };
  }
  return { ...state, queryEditors: state.queryEditors.map((qe) => (qe.id === id ? { ...qe, ...patch } : qe)) };
}

/** Makes `id` the active tab: pending edits are flushed first. */
export function activate(state: SqlLabState, id: string): SqlLabState {
  if (!hasTab(state, id)) return state;
  const flushed = activeTabId(state) === id ? state : flushUnsaved(state);
  return { ...flushed, tabHistory: pushHistory(flushed.tabHistory, id) };
}

/** Removes `ids` from the history; an empty history with tabs left makes the last tab active. */
export function historyWithout(state: SqlLabState, removed: ReadonlySet<string>): readonly string[] {
  const left = collapseHistory(state.tabHistory.filter((id) => !removed.has(id)));
  const tabs = state.queryEditors.filter((qe) => !removed.has(qe.id));
  return left.length === 0 && tabs.length > 0 ? [tabs[tabs.length - 1]!.id] : left;
}

export function without<V>(
  record: Readonly<Record<string, V>>,
  drop: (key: string, value: V) => boolean,
): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of Object.entries(record)) if (!drop(key, value)) out[key] = value;
  return out;
}
