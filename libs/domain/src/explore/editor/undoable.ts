/**
 * Which Explore events are undo steps (DESIGN "Undo"): the user's edits of the chart definition.
 * Opening (hydration), the query lifecycle (it happened in the database), saving and starring (they
 * happened on the server) are never undone.
 */
import type { ExploreEvent, ExploreEventType } from './explore.events';

const UNDOABLE: Record<ExploreEventType, boolean> = {
  'explore/controlChanged': true,
  'explore/vizTypeChanged': true,
  'explore/datasourceChanged': true,
  'explore/formDataStashed': true,
  'explore/formDataRestored': true,
  'explore/sliceNameChanged': true,
  'explore/opened': false,
  'explore/queryTriggered': false,
  'explore/chartLoaded': false,
  'explore/chartRendered': false,
  'explore/chartFailed': false,
  'explore/chartStopped': false,
  'explore/sliceSaved': false,
  'explore/chartFavorited': false,
  'explore/chartUnfavorited': false,
};

export function isUndoableExploreEvent(type: ExploreEventType | string): boolean {
  return (UNDOABLE as Record<string, boolean | undefined>)[type] ?? false;
}

export function isUndoableExploreBatch(events: readonly Pick<ExploreEvent, 'type'>[]): boolean {
  return events.some((e) => isUndoableExploreEvent(e.type));
}
