/**
 * The annotation query of charts-dashboards-reports §4, per chart (`chart`: a slice id, or 'explore') and
 * layer name: a layer with a source type is queried (started, then succeeded or failed); one without is
 * skipped (a formula is computed where it is drawn). A new start of the same name supersedes the earlier
 * query: the client aborts it, and the fold ignores its late answer.
 */
import type { EventLike } from '@strata/events';
import type { AnnotationData } from './annotation-layer';

export type AnnotationQueryEvent =
  | EventLike<'annotation/queryStarted', { chart: string; name: string; requestId: string }>
  | EventLike<'annotation/querySucceeded', { chart: string; name: string; requestId: string; data: AnnotationData }>
  /** `error` absent: the request never got an answer ('Network error.'). */
  | EventLike<'annotation/queryFailed', { chart: string; name: string; requestId: string; error?: string }>
  | EventLike<'annotation/querySkipped', { chart: string; name: string }>;

export type AnnotationQueryEventType = AnnotationQueryEvent['type'];

/** §8: the message of an annotation query that failed without the server's word. */
export const ANNOTATION_NETWORK_ERROR = 'Network error.';
