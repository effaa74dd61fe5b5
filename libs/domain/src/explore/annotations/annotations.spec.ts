import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import {
  annotationLayerSchema,
  annotationLayersProblem,
  annotationQueryFormData,
  requiresQuery,
} from './annotation-layer';
import type { AnnotationQueryEvent } from './annotation-query.events';
import { annotationQueryFold, supersededAnnotationQuery, type AnnotationQueryState } from './annotation-query.fold';
import { annotationQuerySummaries } from './annotation-query.summaries';
import { compileFormula, FormulaError, formulaPoints } from './formula';

const fold = (events: AnnotationQueryEvent[], from: AnnotationQueryState = annotationQueryFold.initialState()) =>
  events.reduce(annotationQueryFold.evolve, from);
const started = (name: string, requestId: string): AnnotationQueryEvent => ({
  type: 'annotation/queryStarted',
  data: { chart: 'explore', name, requestId },
});
const records = { records: [{ ds: 1, title: 'launch' }] };

describe('annotation query states (charts-dashboards-reports §4)', () => {
  it('a start supersedes an earlier query of the same name: it is the one to abort, and its late answer is ignored', () => {
    const first = fold([started('events', 'r1')]);
    expect(supersededAnnotationQuery(first, 'explore', 'events')).toBe('r1');
    expect(supersededAnnotationQuery(first, 'explore', 'other')).toBeNull();
    const state = fold(
      [
        started('events', 'r2'),
        {
          type: 'annotation/querySucceeded',
          data: { chart: 'explore', name: 'events', requestId: 'r1', data: records },
        },
      ],
      first,
    );
    expect(state.explore!.annotationData).toEqual({});
    expect(state.explore!.annotationQuery).toEqual({ events: 'r2' });
  });

  it('success stores the data and clears the error', () => {
    const state = fold([
      started('events', 'r1'),
      { type: 'annotation/queryFailed', data: { chart: 'explore', name: 'events', requestId: 'r1', error: 'boom' } },
      started('events', 'r2'),
      { type: 'annotation/querySucceeded', data: { chart: 'explore', name: 'events', requestId: 'r2', data: records } },
    ]);
    expect(state.explore).toEqual({
      annotationData: { events: records },
      annotationError: {},
      annotationQuery: {},
      skipped: [],
    });
  });

  it("failure stores the error, or 'Network error.', and clears the data", () => {
    const state = fold([
      started('a', 'r1'),
      { type: 'annotation/querySucceeded', data: { chart: 'explore', name: 'a', requestId: 'r1', data: records } },
      started('a', 'r2'),
      { type: 'annotation/queryFailed', data: { chart: 'explore', name: 'a', requestId: 'r2' } },
      started('b', 'r3'),
      { type: 'annotation/queryFailed', data: { chart: 'explore', name: 'b', requestId: 'r3', error: 'No chart 9' } },
    ]);
    expect(state.explore!.annotationData).toEqual({});
    expect(state.explore!.annotationError).toEqual({ a: 'Network error.', b: 'No chart 9' });
  });

  it('a layer without a source type is skipped, not queried; charts are kept apart', () => {
    expect(requiresQuery({ sourceType: '' })).toBe(false);
    expect(requiresQuery({ sourceType: 'table' })).toBe(true);
    const state = fold([
      { type: 'annotation/querySkipped', data: { chart: 'explore', name: 'trend' } },
      { type: 'annotation/queryStarted', data: { chart: '7', name: 'trend', requestId: 'r' } },
    ]);
    expect(state.explore!.skipped).toEqual(['trend']);
    expect(state['7']!.annotationQuery).toEqual({ trend: 'r' });
    expect(state.explore!.annotationQuery).toEqual({});
  });

  it('an event of another context leaves the state unchanged', () => {
    const state = fold([started('a', 'r')]);
    expect(annotationQueryFold.evolve(state, { type: 'other/x', data: {} } as never)).toBe(state);
  });
});

describe('annotation query form data: overrides', () => {
  const layerChart = { viz_type: 'table', time_range: 'Last year', time_grain_sqla: 'P1M', annotation_layers: [{}] };
  const annotated = { time_range: 'Last week', granularity_sqla: 'ds', time_grain_sqla: 'P1D' };

  it('takes each overridden key from the annotated chart (null) or the override, and drops the layer chart layers', () => {
    expect(
      annotationQueryFormData({ overrides: { time_range: null, time_grain_sqla: 'P1W' } }, layerChart, annotated),
    ).toEqual({
      viz_type: 'table',
      time_range: 'Last week',
      time_grain_sqla: 'P1W',
    });
    expect(annotationQueryFormData({ overrides: {} }, layerChart, annotated).time_range).toBe('Last year');
  });

  it("an override of since or until clears time_range: the layer's own range is not kept", () => {
    const fd = annotationQueryFormData({ overrides: { since: '2020-01-01' } }, layerChart, annotated);
    expect(fd.since).toBe('2020-01-01');
    expect(fd.time_range).toBe('Last week');
    expect(annotationQueryFormData({ overrides: { until: null } }, layerChart, {}).time_range).toBeUndefined();
  });
});

describe('annotation layer shapes', () => {
  const formula = { name: 'trend', annotationType: 'FORMULA', sourceType: '', value: 'y = 2*x + 1' };
  const events = { name: 'launches', annotationType: 'EVENT', sourceType: 'table', value: 12, timeColumn: 'ds' };

  it('accepts Superset layers with defaults', () => {
    expect(annotationLayersProblem([formula, events])).toBeNull();
    expect(annotationLayerSchema.parse(formula)).toMatchObject({ show: true, style: 'solid', width: 1, overrides: {} });
  });

  it('names the field of the first problem', () => {
    expect(annotationLayersProblem([formula, { ...events, timeColumn: '' }])).toBe(
      'annotation_layers[1].timeColumn: Choose the time column of the events',
    );
    expect(annotationLayersProblem([{ ...formula, annotationType: 'BOX' }])).toMatch(
      /^annotation_layers\[0\]\.annotationType: /,
    );
    expect(annotationLayersProblem([{ ...events, annotationType: 'INTERVAL' }])).toBe(
      'annotation_layers[0].intervalEndColumn: Choose the column where intervals end',
    );
    expect(annotationLayersProblem([{ ...events, sourceType: '' }])).toBe(
      'annotation_layers[0].sourceType: This layer type needs a source',
    );
    expect(annotationLayersProblem([formula, formula])).toBe("annotation_layers: two layers are named 'trend'");
    expect(annotationLayersProblem('x')).toMatch(/^annotation_layers: /);
  });
});

describe('formula', () => {
  it('evaluates a formula in x with precedence, powers, functions and implicit products', () => {
    expect(compileFormula('y = 2*x + 1')(3)).toBe(7);
    expect(compileFormula('2x^2 - 3(x - 1)')(2)).toBe(5);
    expect(compileFormula('-2^2')(0)).toBe(-4);
    expect(compileFormula('2^3^2')(0)).toBe(512);
    expect(compileFormula('max(x, 10) / 2 + sqrt(16) + pi * 0')(4)).toBe(9);
    expect(compileFormula('x % 3')(7)).toBe(1);
  });

  it('gives gaps where the value is not finite', () => {
    expect(formulaPoints('1/x', [0, 2])).toEqual([
      [0, null],
      [2, 0.5],
    ]);
  });

  it.each(['', 'x +', 'constructor', 'x.y', '(x', 'alert(1)', 'x; 1', 'Math.PI'])('refuses %p', (text) => {
    expect(() => compileFormula(text)).toThrow(FormulaError);
  });
});

describe('annotation query summaries', () => {
  const audit = (events: EventLike[]) => summarizeStream(events, () => ({ who: 'alice' }));

  it('reads the states', () => {
    expect(
      audit([
        { type: 'annotation/queryStarted', data: { chart: 'explore', name: 'launches', requestId: 'r' } },
        {
          type: 'annotation/querySucceeded',
          data: { chart: 'explore', name: 'launches', requestId: 'r', data: records },
        },
        { type: 'annotation/queryFailed', data: { chart: 'explore', name: 'launches', requestId: 'r' } },
      ]),
    ).toEqual([
      "alice started loading the annotation layer 'launches'",
      "the annotation layer 'launches' loaded 1 annotation for alice",
      "loading the annotation layer 'launches' failed for alice: 'Network error.'",
    ]);
  });

  it('reads every event type without earlier events', () => {
    const samples: SummarySamples<AnnotationQueryEvent> = {
      'annotation/queryStarted': { chart: 'explore', name: 'a', requestId: 'r' },
      'annotation/querySucceeded': { chart: 'explore', name: 'a', requestId: 'r', data: [{ key: 'x', values: [] }] },
      'annotation/queryFailed': { chart: 'explore', name: 'a', requestId: 'r', error: 'boom' },
      'annotation/querySkipped': { chart: 'explore', name: 'a' },
    };
    expect(unreadableSummaries(annotationQuerySummaries, samples)).toEqual([]);
  });
});

describe('layers saved by Superset', () => {
  it('load: unknown styles fall back to solid, null description columns, any override key (applied)', () => {
    const saved = {
      name: 'Deploys',
      annotationType: 'EVENT',
      sourceType: 'table',
      value: '12',
      overrides: { time_range: null, time_shift: '1 week ago' },
      style: 'wavy',
      descriptionColumns: null,
      timeColumn: 'ds',
      titleColumn: '',
      hideLine: false,
      showMarkers: false,
      color: null,
      opacity: '',
      width: 1,
      show: true,
    };
    expect(annotationLayersProblem([saved])).toBeNull();
    const layer = annotationLayerSchema.parse(saved);
    expect(layer).toMatchObject({ style: 'solid', descriptionColumns: [] });
    expect(annotationQueryFormData(layer, {}, { time_range: 'Last week' })).toEqual({
      time_range: 'Last week',
      time_shift: '1 week ago',
    });
  });
});
