import { defineSummaries, quote } from '../../audit/summary';
import { saveDialogFold, type SaveDialogEvent, type SaveDialogState } from './save-dialog';

/** The dialog's fold, plus the name a save under way was given (the fold keeps only the tab's name). */
export interface SaveDialogNames {
  dialog: SaveDialogState;
  saving: Readonly<Record<string, string>>;
}

const saveDialogNames = {
  initial: (): SaveDialogNames => ({ dialog: saveDialogFold.initialState(), saving: {} }),
  evolve(names: SaveDialogNames, event: SaveDialogEvent): SaveDialogNames {
    const dialog = saveDialogFold.evolve(names.dialog, event);
    if (event.type !== 'sqllabSaveDialog/saveStarted') return dialog === names.dialog ? names : { ...names, dialog };
    return { dialog, saving: { ...names.saving, [event.data.queryEditorId]: event.data.name } };
  },
};

/** "the query 'Top airports'": the name it is being saved under, else the tab's name in the dialog. */
function query(before: SaveDialogNames | undefined, queryEditorId: string): string {
  const open = before?.dialog.open;
  const name = before?.saving[queryEditorId] ?? (open?.queryEditorId === queryEditorId ? open.name : undefined);
  return name === undefined ? 'the query' : `the query ${quote(name)}`;
}

/** The save dialog of a SQL Lab tab (sqllab-and-platform §2 Save): page facts, the saved query is elsewhere. */
export const sqlLabSaveDialogSummaries = defineSummaries<SaveDialogEvent, SaveDialogNames>({
  context: 'sql lab save dialog',
  names: saveDialogNames,
  of: {
    'sqllabSaveDialog/opened': (d, { who }) =>
      d.saved
        ? `${who} opened the save dialog to update the saved query ${quote(d.name)}`
        : `${who} opened the save dialog for the tab ${quote(d.name)}`,
    'sqllabSaveDialog/descriptionLoaded': (d, { before }) =>
      `the description of ${query(before, d.queryEditorId)} was loaded into the save dialog`,
    'sqllabSaveDialog/saveStarted': (d, { who }) =>
      d.asNew
        ? `${who} began saving the query ${quote(d.name)} as a new query`
        : `${who} began saving the query ${quote(d.name)}`,
    'sqllabSaveDialog/saveSucceeded': (d, { before }) => `${query(before, d.queryEditorId)} was saved`,
    'sqllabSaveDialog/saveFailed': (d, { before }) => `saving ${query(before, d.queryEditorId)} failed`,
    'sqllabSaveDialog/closed': (_d, { who }) => `${who} closed the save dialog`,
  },
});
