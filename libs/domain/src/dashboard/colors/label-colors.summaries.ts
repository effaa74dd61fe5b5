/** What the page's label colour facts say in a log (issue 13): the colours read, the labels a chart drew, the sync. */
import { count, defineSummaries, quote } from '../../audit/summary';
import { dashboard } from '../summary-words';
import type { LabelColorsEvent } from './label-colors.fold';

export const labelColorSummaries = defineSummaries<LabelColorsEvent>({
  context: 'dashboard label colors',
  of: {
    'dashboardColors/opened': (d, { who, objectName }) =>
      `${who} loaded the label colors of ${dashboard(objectName)}` +
      (d.scheme ? ` (color scheme ${quote(d.scheme)})` : ''),
    // The colour fold keeps no chart titles; the labels themselves say which chart it was.
    'dashboardColors/chartLabelsShown': (d) => {
      const shown = d.labels.slice(0, 2).map((l) => quote(l.slice(0, 30)));
      const more = d.labels.length > 2 ? ` and ${d.labels.length - 2} more` : '';
      return d.labels.length === 0
        ? 'a chart drew no labels to color'
        : `a chart drew ${count(d.labels.length, 'label')} to color: ${shown.join(', ')}${more}`;
    },
    'dashboardColors/synced': (_d, { who, objectName }) => `${who} synced the label colors of ${dashboard(objectName)}`,
  },
});
