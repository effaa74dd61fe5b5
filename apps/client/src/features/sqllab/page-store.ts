import type { Observable } from 'rxjs';
import type { CatalogState, SaveDialogState, SqlLabState } from '@strata/domain';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { SqlLabApi } from './api/sqllab-api';
import type { SaveDialogFeature } from './editor/save-dialog.feature';
import type { QueryHistoryView } from './history/query-history.feature';
import type { SqlLabFeature } from './sqllab.feature';

/** A store as a page binds to it: its state now, and each change. */
export interface ReadableState<S> {
  readonly state$: Observable<S>;
  getState(): S;
}

/**
 * What SqlLabPage reads and asks for: the signed-in user's live SqlLabFeature, or a past SQL Lab shown
 * read-only (past/past-sqllab.ts, a session replay), whose state is a fold of the log and whose
 * intents do nothing.
 */
export interface SqlLabPageStore extends Pick<
  SqlLabFeature,
  | 'execute'
  | 'now'
  | 'tab'
  | 'addTab'
  | 'newTabId'
  | 'editSql'
  | 'isTypedEcho'
  | 'editorKey'
  | 'insertSql'
  | 'undo'
  | 'redo'
  | 'history$'
  | 'open'
  | 'ready$'
  | 'selectDatabase'
  | 'refreshCatalog'
  | 'format'
  | 'estimate'
  | 'copyPermalink'
  | 'openPermalink'
  | 'openSavedQuery'
  | 'openPastQuery'
  | 'openOnDataset'
  | 'addTable'
  | 'toggleTable'
  | 'removeTable'
  | 'previewTable'
  | 'createDataset'
  | 'run'
  | 'stop'
  | 'refetch'
  | 'remove'
> {
  readonly store: ReadableState<SqlLabState>;
  readonly catalog: { readonly store: ReadableState<CatalogState> };
  readonly saveDialog: Pick<SaveDialogFeature, 'open' | 'close' | 'save'> & {
    readonly store: ReadableState<SaveDialogState>;
  };
  readonly history: QueryHistoryView;
  readonly toasts: Pick<ToastsFeature, 'success' | 'danger'>;
  readonly api: Pick<SqlLabApi, 'exportUrl'>;
  /**
   * Set when the page shows a past SQL Lab (a replay): nothing can be typed, a run's clock stands
   * still at `now()`, and its rows, which were never kept, are not offered: `rowsNote` says why.
   */
  readonly past?: { readonly rowsNote: string };
}
