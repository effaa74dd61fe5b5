/** The tab events of the SQL Lab editor (sqllab-and-platform §2 Tabs, §4 Tabs). Past tense, namespaced `sqllab/`. */
import type { EventLike } from '@strata/events';
import type { CursorPosition, QueryEditor } from './model';

export const TAB_ADDED = 'sqllab/tabAdded' as const;
export const TAB_CLOSED = 'sqllab/tabClosed' as const;
export const TAB_SWITCHED = 'sqllab/tabSwitched' as const;
export const TAB_MOVED = 'sqllab/tabMoved' as const;
export const TAB_RENAMED = 'sqllab/tabRenamed' as const;
export const LEFT_BAR_HIDDEN = 'sqllab/leftBarHidden' as const;
export const LEFT_BAR_SHOWN = 'sqllab/leftBarShown' as const;
export const SOUTH_PANE_TAB_SELECTED = 'sqllab/southPaneTabSelected' as const;
export const PANES_RESIZED = 'sqllab/panesResized' as const;
export const SQL_EDITED = 'sqllab/sqlEdited' as const;
export const TEXT_SELECTED = 'sqllab/textSelected' as const;
export const CURSOR_MOVED = 'sqllab/cursorMoved' as const;
export const DATABASE_SELECTED = 'sqllab/databaseSelected' as const;
export const CATALOG_SELECTED = 'sqllab/catalogSelected' as const;
export const SCHEMA_SELECTED = 'sqllab/schemaSelected' as const;
export const QUERY_LIMIT_CHANGED = 'sqllab/queryLimitChanged' as const;
export const TEMPLATE_PARAMS_CHANGED = 'sqllab/templateParamsChanged' as const;
export const TAB_SAVED_AS_QUERY = 'sqllab/tabSavedAsQuery' as const;

type OnTab<T> = { queryEditorId: string } & T;
type Stamped<T> = OnTab<T & { updatedAt: number }>;

export type TabEvent =
  /** A new or cloned tab, appended and activated; pending edits of the previous tab are saved. */
  | EventLike<typeof TAB_ADDED, { queryEditor: QueryEditor; clonedFromId: string | null }>
  /** The tab, its queries and its tables are gone; `at` is kept in destroyedQueryEditors. */
  | EventLike<typeof TAB_CLOSED, OnTab<{ at: number }>>
  | EventLike<typeof TAB_SWITCHED, OnTab<object>>
  | EventLike<typeof TAB_MOVED, OnTab<{ toIndex: number }>>
  | EventLike<typeof TAB_RENAMED, Stamped<{ name: string }>>
  | EventLike<typeof LEFT_BAR_HIDDEN, Stamped<object>>
  | EventLike<typeof LEFT_BAR_SHOWN, Stamped<object>>
  | EventLike<typeof SOUTH_PANE_TAB_SELECTED, { tab: string }>
  | EventLike<typeof PANES_RESIZED, Stamped<{ northPercent: number; southPercent: number }>>
  | EventLike<typeof SQL_EDITED, Stamped<{ sql: string }>>
  /** View-only (no updatedAt stamp, never an undo step). */
  | EventLike<typeof TEXT_SELECTED, OnTab<{ selectedText: string | null }>>
  | EventLike<typeof CURSOR_MOVED, OnTab<{ cursorPosition: CursorPosition }>>
  | EventLike<typeof DATABASE_SELECTED, Stamped<{ dbId: number | null }>>
  | EventLike<typeof CATALOG_SELECTED, Stamped<{ catalog: string | null }>>
  | EventLike<typeof SCHEMA_SELECTED, Stamped<{ schema: string | null }>>
  | EventLike<typeof QUERY_LIMIT_CHANGED, Stamped<{ queryLimit: number }>>
  | EventLike<typeof TEMPLATE_PARAMS_CHANGED, Stamped<{ templateParams: string | null }>>
  | EventLike<typeof TAB_SAVED_AS_QUERY, Stamped<{ remoteId: number; name: string }>>;

export type TabEventType = TabEvent['type'];

/** Every tab event type once (the `satisfies` makes the compiler check the list is complete). */
export const TAB_EVENT_TYPES = {
  [TAB_ADDED]: true,
  [TAB_CLOSED]: true,
  [TAB_SWITCHED]: true,
  [TAB_MOVED]: true,
  [TAB_RENAMED]: true,
  [LEFT_BAR_HIDDEN]: true,
  [LEFT_BAR_SHOWN]: true,
  [SOUTH_PANE_TAB_SELECTED]: true,
  [PANES_RESIZED]: true,
  [SQL_EDITED]: true,
  [TEXT_SELECTED]: true,
  [CURSOR_MOVED]: true,
  [DATABASE_SELECTED]: true,
  [CATALOG_SELECTED]: true,
  [SCHEMA_SELECTED]: true,
  [QUERY_LIMIT_CHANGED]: true,
  [TEMPLATE_PARAMS_CHANGED]: true,
  [TAB_SAVED_AS_QUERY]: true,
} as const satisfies Record<TabEventType, true>;
