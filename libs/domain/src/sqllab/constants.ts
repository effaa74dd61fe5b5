/** sqllab-and-platform §9 Business constants of SQL Lab (and REFERENCE §1 where the spec says "not shown"). */

/** sqllab-and-platform §4 Persistence: the browser storage key of the editor state. */
export const SQLLAB_BROWSER_STORAGE_KEY = 'redux';
/** sqllab-and-platform §9: editor changes are debounced this long before being saved on the server. */
export const EDITOR_AUTOSAVE_DEBOUNCE_MS = 5000;
/** sqllab-and-platform §4/§9: every 5 seconds the active tab, local-only tabs and destroyed tabs are synced. */
export const TAB_SYNC_INTERVAL_MS = 5000;
/** sqllab-and-platform §9: stored query results are dropped once the run started more than a day ago. */
export const BROWSER_STORAGE_MAX_QUERY_AGE_MS = 86_400_000;
/** sqllab-and-platform §9: ... or when their size estimate exceeds this many kilobytes. */
export const BROWSER_STORAGE_MAX_QUERY_RESULTS_KB = 1024;
/** sqllab-and-platform §9: the browser storage budget and the share of it that triggers a warning. */
export const BROWSER_STORAGE_MAX_USAGE_KB = 5120;
export const BROWSER_STORAGE_WARNING_THRESHOLD = 0.9;
/** sqllab-and-platform §9: at most one storage warning per this many ms (a danger toast's duration). */
export const BROWSER_STORAGE_WARNING_THROTTLE_MS = 8000;
/** sqllab-and-platform §9: the size estimate counts 2 bytes per character. */
export const BYTES_PER_CHAR = 2;
export const KB_STORAGE = 1024;

/** sqllab-and-platform §9 setting names (values live in the server's config). */
export const SETTING_DEFAULT_SQLLAB_LIMIT = 'DEFAULT_SQLLAB_LIMIT';
export const SETTING_SQLLAB_DEFAULT_DBID = 'SQLLAB_DEFAULT_DBID';
/** sqllab-and-platform §9: the results fetch timeout setting; REFERENCE §1.4: 0 means none. */
export const SETTING_SQLLAB_QUERY_RESULT_TIMEOUT = 'SQLLAB_QUERY_RESULT_TIMEOUT';
export const DEFAULT_SQLLAB_QUERY_RESULT_TIMEOUT = 0;

/** REFERENCE §1.2: polling of running async queries. */
export const QUERY_UPDATE_FREQ_MS = 2000;
export const QUERY_UPDATE_BUFFER_MS = 5000;
export const MAX_QUERY_AGE_TO_POLL_MS = 6 * 60 * 60 * 1000;
export const QUERY_POLL_TIMEOUT_MS = 10_000;

/** sqllab-and-platform §3: the version of a stored query editor tab. */
export const QUERY_EDITOR_VERSION = 1 as const;
