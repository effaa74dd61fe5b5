import { formatMessage } from '../platform/text/format';
import * as C from './constants';
import { SqlLabMessages } from './messages';

describe('SQL Lab messages and constants', () => {
  it('sqllab-and-platform §8 Toasts in the editor: every toast text, word for word', () => {
    expect(Object.values(SqlLabMessages)).toEqual(
      expect.arrayContaining([
        "The query couldn't be loaded",
        'Your query could not be scheduled',
        'Failed to stop query.',
        'Your query could not be saved',
        'Your query was not properly saved',
        'Your query could not be updated',
        'An error occurred while fetching tab state',
        'An error occurred while removing query. Please contact your administrator.',
        'An error occurred while fetching table metadata. Please contact your administrator.',
        'An error occurred while saving your editor state.',
      ]),
    );
  });

  it('sqllab-and-platform §8: the persistence failure toast begins with the spec text', () => {
    expect(
      SqlLabMessages.BACKEND_STORE_FAILED.startsWith(
        'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the',
      ),
    ).toBe(true);
  });

  it('sqllab-and-platform §9: the storage warning names the used and the available kilobytes', () => {
    expect(formatMessage(SqlLabMessages.BROWSER_STORAGE_NEARLY_FULL, 4700, C.BROWSER_STORAGE_MAX_USAGE_KB)).toContain(
      '4700 KB out of 5120 KB',
    );
  });

  it('sqllab-and-platform §9: the business constants', () => {
    expect(C.SQLLAB_BROWSER_STORAGE_KEY).toBe('redux');
    expect(C.EDITOR_AUTOSAVE_DEBOUNCE_MS).toBe(5000);
    expect(C.TAB_SYNC_INTERVAL_MS).toBe(5000);
    expect(C.BROWSER_STORAGE_MAX_QUERY_AGE_MS).toBe(86_400_000);
    expect([
      C.BROWSER_STORAGE_MAX_QUERY_RESULTS_KB,
      C.BROWSER_STORAGE_MAX_USAGE_KB,
      C.BROWSER_STORAGE_WARNING_THRESHOLD,
      C.BROWSER_STORAGE_WARNING_THROTTLE_MS,
    ]).toEqual([1024, 5120, 0.9, 8000]);
    expect(C.SETTING_SQLLAB_QUERY_RESULT_TIMEOUT).toBe('SQLLAB_QUERY_RESULT_TIMEOUT');
    expect(C.SETTING_DEFAULT_SQLLAB_LIMIT).toBe('DEFAULT_SQLLAB_LIMIT');
    expect(C.SETTING_SQLLAB_DEFAULT_DBID).toBe('SQLLAB_DEFAULT_DBID');
  });
});
