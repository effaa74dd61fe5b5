import { defineSummaries, quote } from '../../audit/summary';
import { errorsFold, type ErrorsEvent, type ErrorsState } from './errors.events';

/** The error modal's facts in the audit log's words (issue 13); a close names the error by the fold's titles. */
export const errorsSummaries = defineSummaries<ErrorsEvent, ErrorsState>({
  context: 'errors',
  names: { initial: errorsFold.initialState, evolve: errorsFold.evolve },
  of: {
    'errors/errorShown': (d, { who }) => `${who} was shown the error ${quote(d.title)}`,
    'errors/errorClosed': (d, { who, before }) => {
      const title = before?.shown.find((e) => e.id === d.id)?.title;
      return title === undefined ? `${who} closed an error` : `${who} closed the error ${quote(title)}`;
    },
  },
});
