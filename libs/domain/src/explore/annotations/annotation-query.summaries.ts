import { count, defineSummaries, quote } from '../../audit/summary';
import type { AnnotationQueryEvent } from './annotation-query.events';
import { ANNOTATION_NETWORK_ERROR } from './annotation-query.events';

const size = (data: unknown): string => {
  if (Array.isArray(data)) return count(data.length, 'series', 'series');
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? count(records.length, 'annotation') : 'its annotations';
};

/** The annotation queries of a chart (charts-dashboards-reports §4), in the audit log's words. */
export const annotationQuerySummaries = defineSummaries<AnnotationQueryEvent>({
  context: 'annotation layers',
  of: {
    'annotation/queryStarted': (d, { who }) => `${who} started loading the annotation layer ${quote(d.name)}`,
    'annotation/querySucceeded': (d, { who }) =>
      `the annotation layer ${quote(d.name)} loaded ${size(d.data)} for ${who}`,
    'annotation/queryFailed': (d, { who }) =>
      `loading the annotation layer ${quote(d.name)} failed for ${who}: ${quote(d.error || ANNOTATION_NETWORK_ERROR)}`,
    'annotation/querySkipped': (d) => `the annotation layer ${quote(d.name)} needs no query (no source)`,
  },
});
