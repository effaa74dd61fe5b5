import type { HistoryEvent } from '@strata/events';
import { defineSummaries, quote } from './summary';

/** Undo and redo markers (libs/events), recorded on the stream of the batch they undo or redo. */
export const historySummaries = defineSummaries<HistoryEvent>({
  context: 'history',
  of: {
    'history/undone': (_data, { who, objectName }) =>
      objectName ? `${who} undid a change to ${quote(objectName)}` : `${who} undid a change`,
    'history/redone': (_data, { who, objectName }) =>
      objectName ? `${who} redid a change to ${quote(objectName)}` : `${who} redid a change`,
  },
});
