/**
 * Dashboard constants: spec charts-dashboards-reports §9 "Dashboard grid" and REFERENCE §3.1/§3.2 where
 * the spec leaves the value out.
 */

/** charts-dashboards-reports §9: 12 columns. */
export const GRID_COLUMN_COUNT = 12;
/** charts-dashboards-reports §9: the 8 px grid unit; heights are counted in it (height 50 is 400 px). */
export const GRID_BASE_UNIT = 8;
/** REFERENCE §3.1: the gutter between grid columns, in px. */
export const GRID_GUTTER_SIZE = 16;
/** charts-dashboards-reports §9: "min column 1": the narrowest a sizable component may be. */
export const GRID_MIN_COLUMN_COUNT = 1;
/** charts-dashboards-reports §9: "default column width 4" (charts, markdown and columns start 4 columns wide). */
export const GRID_DEFAULT_CHART_WIDTH = 4;
/** REFERENCE §3.1: a new chart or markdown is 50 grid units tall. */
export const GRID_DEFAULT_CHART_HEIGHT = 50;
/** REFERENCE §3.1: heights are kept between these many grid units. */
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
/** REFERENCE §3.1: the smallest row height in px. */
export const GRID_MIN_ROW_HEIGHT = 16;
/** REFERENCE §3.2: the depth of ROOT; containers below count from it. */
export const DASHBOARD_ROOT_DEPTH = 0;

/**
 * REFERENCE §3.2: 50 undo steps. charts-dashboards-reports §9 says the history keeps "a named constant plus 2" states: the
 * 50 steps, the loaded state and the present one.
 */
export const UNDO_LIMIT = 50;
export const UNDO_HISTORY_SIZE = UNDO_LIMIT + 2;

/** REFERENCE §3.1: position_json is refused on save above this many characters. */
export const DASHBOARD_POSITION_DATA_LIMIT = 65535;
/** REFERENCE §3.1: the key position_json carries besides the components. */
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';

/** charts-dashboards-reports §9: a filter marked for deletion is removed after 5 s unless restored. */
export const FILTER_PENDING_DELETE_MS = 5000;
/** charts-dashboards-reports §9: filter bar widths in px (vertical bar: open default, min, max; horizontal item widths). */
export const FILTER_BAR_WIDTH = 260;
export const FILTER_BAR_MIN_WIDTH = 260;
export const FILTER_BAR_MAX_WIDTH = 550;
export const FILTER_BAR_HORIZONTAL_ITEM_WIDTHS = [374, 240, 320] as const;
/** charts-dashboards-reports §9: stagger time default 5000 ms; stagger_refresh defaults to true. */
export const DEFAULT_STAGGER_TIME_MS = 5000;
/** REFERENCE §3.3: the auto-refresh choices in seconds (0 = off). */
export const DASHBOARD_AUTO_REFRESH_INTERVALS = [0, 10, 30, 60, 300, 1800, 3600, 21600, 43200, 86400] as const;
/** charts-dashboards-reports §4/§9: label and shared colours are pushed to the server 500 ms after the last change. */
export const COLOR_SYNC_DEBOUNCE_MS = 500;
