/**
 * The saved queries list page (/sqllab/saved_queries/, sqllab-and-platform §2: search by label, pages of
 * 25, newest change first) as the client folds it: what was asked and the server's answer. Client-only
 * facts, never undo steps. The saved queries themselves are `sqllab/saved-queries/`.
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
  | EventLike<'savedQueries/listLoadFailed', { message: string }>;

export type SavedQueryListEventType = SavedQueryListEvent['type'];
