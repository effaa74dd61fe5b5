import { defineSummaries, quote } from '../../audit/summary';
import type { DrillEvent } from './drill.events';

const of = (label: string | null, title: string) => (label ? `${quote(label)} of ${quote(title)}` : quote(title));

/** The drill modals' page facts in the audit log's words (issue 13: no row reads "unknown event"). */
export const drillSummaries = defineSummaries<DrillEvent>({
  context: 'drill',
  of: {
    'drill/detailOpened': (d, { who }) => `${who} drilled to the rows of ${of(d.label, d.target.title)}`,
    'drill/detailPageRequested': (d, { who }) => `${who} turned the drilled rows to page ${d.page}`,
    'drill/detailPageLoaded': (d) => `page ${d.page} of the drilled rows was read (${d.total} rows in all)`,
    'drill/detailFailed': (d, { who }) => `reading the drilled rows failed for ${who}: ${quote(d.message)}`,
    'drill/byOpened': (d, { who }) => `${who} started drilling ${of(d.label, d.target.title)} by another column`,
    'drill/byColumnChosen': (d, { who }) => `${who} drilled by ${quote(d.column)}`,
    'drill/byLoaded': (d) => `the chart drilled by ${quote(d.column)} was read`,
    'drill/byFailed': (d, { who }) => `drilling by ${quote(d.column)} failed for ${who}: ${quote(d.message)}`,
    'drill/closed': (_d, { who }) => `${who} closed the drill window`,
  },
});
