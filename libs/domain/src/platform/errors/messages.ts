/**
 * sqllab-and-platform §8 Messages: the user-facing texts of the error catalogue, as named constants so the client,
 * the server and the tests say exactly the same thing. Templates use `%s` (see formatMessage).
 */
export const ErrorMessages = {
  NETWORK_ERROR: 'Network error',
  REQUEST_TIMED_OUT: 'Request timed out',
  AN_ERROR_OCCURRED: 'An error occurred',
  INVALID_INPUT: 'Invalid input',
  UNEXPECTED_ERROR_PREFIX: 'Unexpected error: ',
  NO_DESCRIPTION: '(no description, click to see stack trace)',
  /** Title of the generic warning shown for an error type without a display of its own. */
  UNEXPECTED_ERROR_TITLE: 'Unexpected error',
  SESSION_TIMED_OUT: 'Your session timed out, please refresh your page and try again.',
  UNKNOWN_ERROR: 'Sorry, an unknown error occurred.',
  ERROR_SAVING: 'Sorry, there was an error saving this %s: %s',
  COPIED_TO_CLIPBOARD: 'Copied to clipboard!',
  COPY_NOT_SUPPORTED: 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!',
  FAILED_TO_SAVE_SLICE: 'Failed to save slice',
  FETCHING_DASHBOARDS_FAILED: 'fetching dashboards failed for %s',
  /** Label of the link an error's `extra.link` gives. */
  REQUEST_ACCESS: 'Request Access',
} as const;

/** sqllab-and-platform §8 "Request timed out": the issues a timeout lists, to help the user decide what to do. */
export const TimeoutIssueCodes = [
  { code: 1000, message: 'The dataset is too large to query.' },
  { code: 1001, message: 'The database is under an unusual load.' },
] as const;

/** How an issue is shown in the error modal: 'Issue 1000 - The dataset is too large to query.' */
export function issueCodeText(issue: { code: number; message: string }): string {
  return `Issue ${issue.code} - ${issue.message}`;
}

/** sqllab-and-platform §8 Toasts in the editor (and §4 Persistence): the SQL editor's failure toasts. */
export const EditorErrorMessages = {
  QUERY_NOT_LOADED: "The query couldn't be loaded",
  QUERY_NOT_SCHEDULED: 'Your query could not be scheduled',
  STOP_FAILED: 'Failed to stop query.',
  QUERY_NOT_SAVED: 'Your query could not be saved',
  QUERY_NOT_PROPERLY_SAVED: 'Your query was not properly saved',
  QUERY_NOT_UPDATED: 'Your query could not be updated',
  TAB_STATE_FETCH_FAILED: 'An error occurred while fetching tab state',
  QUERY_REMOVE_FAILED: 'An error occurred while removing query. Please contact your administrator.',
  TABLE_METADATA_FETCH_FAILED: 'An error occurred while fetching table metadata. Please contact your administrator.',
  TABLE_SCHEMA_EXPAND_FAILED: 'An error occurred while expanding the table schema. Please contact your administrator.',
  TABLE_SCHEMA_COLLAPSE_FAILED:
    'An error occurred while collapsing the table schema. Please contact your administrator.',
  TABLE_SCHEMA_REMOVE_FAILED: 'An error occurred while removing the table schema. Please contact your administrator.',
  /** The spec gives only this beginning; BACKEND_STORE_FAILED completes it. */
  BACKEND_STORE_FAILED_PREFIX:
    'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the',
  BACKEND_STORE_FAILED:
    'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
  EDITOR_STATE_SAVE_FAILED: 'An error occurred while saving your editor state.',
} as const;
