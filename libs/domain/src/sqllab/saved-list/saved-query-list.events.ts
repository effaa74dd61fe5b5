/**
 * The saved queries list page (/sqllab/saved_queries/, sqllab-and-platform §2: search by label, pages of
 * 25, newest change first; issue 15 item 4: edit and delete) as the client folds it: what was asked and the
 * server's answers. Client-only facts, never undo steps: the edit and the delete themselves are the server's
 * `sqllab/savedQuery*` events (stars too: `sqllab/savedQueryFavorited`). The saved queries themselves are
 * `sqllab/saved-queries/`.
 */
import type { EventLike } from '@strata/events';
import type { SavedQueryPayload } from '../persistence/tab-state-mapping';

/** One row of GET /api/v1/saved_query/, as the client reads it. */
export interface SavedQueryListRow extends SavedQueryPayload {
  id: number;
  changed_on?: string;
  description?: string;
}

export type SavedQueryListEvent =
  | EventLike<'savedQueries/listRequested', { search: string; page: number }>
  | EventLike<'savedQueries/listLoaded', { search: string; page: number; rows: SavedQueryListRow[]; count: number }>
  | EventLike<'savedQueries/listLoadFailed', { message: string }>
  /** The server's answer to an edit (PUT): the row as it now is. */
  | EventLike<'savedQueries/rowEdited', { row: SavedQueryListRow }>
  /** The server deleted these saved queries (DELETE, one or several). */
  | EventLike<'savedQueries/rowsDeleted', { ids: number[] }>
  /** `GET /api/v1/saved_query/favorite_status/` answered for the rows shown: starred or not, by id. */
  | EventLike<'savedQueries/favoriteStatusLoaded', { status: { id: number; value: boolean }[] }>
  /** The user starred the saved query (recorded once the favourites API said yes). */
  | EventLike<'savedQueries/rowFavorited', { id: number }>
  /** The user took the star off the saved query (recorded once the favourites API said yes). */
  | EventLike<'savedQueries/rowUnfavorited', { id: number }>;

export type SavedQueryListEventType = SavedQueryListEvent['type'];
