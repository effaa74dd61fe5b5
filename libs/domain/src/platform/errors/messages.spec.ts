import { formatMessage } from '../text/format';
import { EditorErrorMessages, ErrorMessages } from './messages';

describe('error catalogue messages (sqllab-and-platform §8 Messages)', () => {
  it('sqllab-and-platform §8: the shared messages read exactly as specified', () => {
    expect(ErrorMessages).toMatchObject({
      NETWORK_ERROR: 'Network error',
      REQUEST_TIMED_OUT: 'Request timed out',
      AN_ERROR_OCCURRED: 'An error occurred',
      INVALID_INPUT: 'Invalid input',
      UNKNOWN_ERROR: 'Sorry, an unknown error occurred.',
      COPIED_TO_CLIPBOARD: 'Copied to clipboard!',
      COPY_NOT_SUPPORTED: 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!',
      FAILED_TO_SAVE_SLICE: 'Failed to save slice',
    });
    expect(formatMessage(ErrorMessages.FETCHING_DASHBOARDS_FAILED, 'alice')).toBe(
      'fetching dashboards failed for alice',
    );
  });

  it('sqllab-and-platform §8 Toasts in the editor: the persistence failure toast begins with the specified text', () => {
    expect(EditorErrorMessages.BACKEND_STORE_FAILED.startsWith(EditorErrorMessages.BACKEND_STORE_FAILED_PREFIX)).toBe(
      true,
    );
    expect(EditorErrorMessages.STOP_FAILED).toBe('Failed to stop query.');
    expect(EditorErrorMessages.QUERY_NOT_LOADED).toBe("The query couldn't be loaded");
  });
});
