import type { Fold } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';
import type { AnnotationData } from './annotation-layer';
import type { AnnotationQueryEvent } from './annotation-query.events';
import { ANNOTATION_NETWORK_ERROR } from './annotation-query.events';

/** One chart's annotation state (§3 Chart runtime state: annotationData, annotationError, annotationQuery). */
export interface ChartAnnotations {
  annotationData: Readonly<Record<string, AnnotationData>>;
  annotationError: Readonly<Record<string, string>>;
  /** The query under way per layer name: its request id (the client keeps its abort controller). */
  annotationQuery: Readonly<Record<string, string>>;
  /** Layers not queried (no source type). */
  skipped: readonly string[];
}

export type AnnotationQueryState = Readonly<Record<string, ChartAnnotations>>;

export const EMPTY_CHART_ANNOTATIONS: ChartAnnotations = {
  annotationData: {},
  annotationError: {},
  annotationQuery: {},
  skipped: [],
};

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** The query a start of `name` supersedes (to abort), or null. */
export function supersededAnnotationQuery(state: AnnotationQueryState, chart: string, name: string): string | null {
  return state[chart]?.annotationQuery[name] ?? null;
}

function evolveChart(c: ChartAnnotations, event: AnnotationQueryEvent): ChartAnnotations {
  const { name } = event.data;
  switch (event.type) {
    case 'annotation/queryStarted':
      return {
        ...c,
        annotationQuery: { ...c.annotationQuery, [name]: event.data.requestId },
        skipped: c.skipped.filter((n) => n !== name),
      };
    case 'annotation/querySucceeded':
      // An answer to a superseded (aborted) query changes nothing.
      if (c.annotationQuery[name] !== event.data.requestId) return c;
      return {
        ...c,
        annotationData: { ...c.annotationData, [name]: event.data.data },
        annotationError: without(c.annotationError, name),
        annotationQuery: without(c.annotationQuery, name),
      };
    case 'annotation/queryFailed':
      if (c.annotationQuery[name] !== event.data.requestId) return c;
      return {
        ...c,
        annotationData: without(c.annotationData, name),
        annotationError: { ...c.annotationError, [name]: event.data.error || ANNOTATION_NETWORK_ERROR },
        annotationQuery: without(c.annotationQuery, name),
      };
    case 'annotation/querySkipped':
      return {
        annotationData: without(c.annotationData, name),
        annotationError: without(c.annotationError, name),
        annotationQuery: without(c.annotationQuery, name),
        skipped: c.skipped.includes(name) ? c.skipped : [...c.skipped, name],
      };
    default:
      return leaveUnchanged(event, c);
  }
}

export const annotationQueryFold: Fold<AnnotationQueryState, AnnotationQueryEvent> = {
  initialState: () => ({}),
  evolve: (state, event) => {
    const chart = (event.data as { chart?: unknown } | undefined)?.chart;
    if (typeof chart !== 'string') return state;
    return { ...state, [chart]: evolveChart(state[chart] ?? EMPTY_CHART_ANNOTATIONS, event) };
  },
};
