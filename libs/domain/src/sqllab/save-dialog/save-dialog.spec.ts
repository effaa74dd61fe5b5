import {
  QUERY_SAVE_FAILED,
  QUERY_SAVE_STARTED,
  QUERY_SAVE_SUCCEEDED,
  SAVE_DIALOG_CLOSED,
  SAVE_DIALOG_DESCRIPTION_LOADED,
  SAVE_DIALOG_OPENED,
  saveDialogFold,
  type SaveDialogEvent,
} from './save-dialog';

const fold = (events: SaveDialogEvent[]) => events.reduce(saveDialogFold.evolve, saveDialogFold.initialState());
const opened = (saved: boolean): SaveDialogEvent => ({
  type: SAVE_DIALOG_OPENED,
  data: { queryEditorId: 't1', name: 'Flights', saved },
});

describe('the save dialog', () => {
  it('given a new query, when the dialog opens, then its description starts empty', () => {
    expect(fold([opened(false)]).open).toEqual({
      queryEditorId: 't1',
      name: 'Flights',
      saved: false,
      description: '',
      saving: false,
    });
  });

  it('given a saved query, the description is loading until it arrives', () => {
    expect(fold([opened(true)]).open?.description).toBeNull();
    const loaded = fold([
      opened(true),
      { type: SAVE_DIALOG_DESCRIPTION_LOADED, data: { queryEditorId: 't1', description: 'by origin' } },
    ]);
    expect(loaded.open?.description).toBe('by origin');
  });

  it('a save under way blocks the buttons; a failure keeps the dialog open for another try', () => {
    const started: SaveDialogEvent = {
      type: QUERY_SAVE_STARTED,
      data: { queryEditorId: 't1', name: 'F', asNew: false },
    };
    expect(fold([opened(false), started]).open?.saving).toBe(true);
    const failed = fold([opened(false), started, { type: QUERY_SAVE_FAILED, data: { queryEditorId: 't1' } }]);
    expect(failed.open).toMatchObject({ saving: false, queryEditorId: 't1' });
  });

  it('a save that succeeds, or Cancel, closes the dialog', () => {
    const started: SaveDialogEvent = {
      type: QUERY_SAVE_STARTED,
      data: { queryEditorId: 't1', name: 'F', asNew: true },
    };
    expect(
      fold([opened(false), started, { type: QUERY_SAVE_SUCCEEDED, data: { queryEditorId: 't1' } }]).open,
    ).toBeNull();
    expect(fold([opened(true), { type: SAVE_DIALOG_CLOSED, data: {} }]).open).toBeNull();
  });

  it('the answer of an earlier dialog does not touch the one open now', () => {
    const state = fold([
      opened(true),
      { type: SAVE_DIALOG_OPENED, data: { queryEditorId: 't2', name: 'Other', saved: true } },
      { type: SAVE_DIALOG_DESCRIPTION_LOADED, data: { queryEditorId: 't1', description: 'stale' } },
      { type: QUERY_SAVE_SUCCEEDED, data: { queryEditorId: 't1' } },
    ]);
    expect(state.open).toMatchObject({ queryEditorId: 't2', description: null });
  });
});
