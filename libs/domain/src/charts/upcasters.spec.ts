import { envelopeBatch, type Envelope, type EventLike } from '@strata/events';
import fc from 'fast-check';
import { upcastEvents } from '../upcasters';
import { chartDecider } from './chart.decider';
import type { ChartEvent, ChartFields } from './chart.events';

const fields: ChartFields = {
  slice_name: 'Delays',
  viz_type: 'table',
  datasource_id: 1,
  datasource_type: 'table',
  params: '{}',
  query_context: null,
  description: null,
  cache_timeout: null,
  owners: [2],
  certified_by: 'Ann',
  certification_details: 'ok',
};

/** A log as the store reads it: one batch per event, versions 1..n. */
const stored = (events: readonly EventLike[]): Envelope[] =>
  events.map(
    (e, n) =>
      envelopeBatch(
        [e],
        { actor: '2', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
        { stream: 'chart:4', version: n + 1 },
      )[0]!,
  );
const foldAsRead = (events: readonly EventLike[]) =>
  upcastEvents(stored(events)).reduce(
    (state, e) => chartDecider.evolve(state, e as unknown as ChartEvent),
    chartDecider.initialState(),
  );
const created: EventLike = { type: 'chart/chartCreated', data: { id: 4, ...fields } };
const oldUpdate = (changes: Partial<ChartFields>): EventLike => ({ type: 'chart/chartUpdated', data: { changes } });

describe('an old chart/chartUpdated {changes} reads as intent events', () => {
  it('a save of several fields reads as one event per intent, in one batch at the old version', () => {
    const read = upcastEvents(stored([created, oldUpdate({ slice_name: 'Late', params: '{"a":1}', owners: [2, 3] })]));
    expect(read.map((e) => [e.type, e.version, e.meta.batchId])).toEqual([
      ['chart/chartCreated', 1, 'b0'],
      ['chart/chartRenamed', 2, 'b1'],
      ['chart/chartParamsChanged', 2, 'b1'],
      ['chart/chartOwnersChanged', 2, 'b1'],
    ]);
    expect(read[2]!.data).toEqual({ params: '{"a":1}' });
  });

  it('a removed certifier reads as chartCertificationRemoved, details stay as saved', () => {
    const state = foldAsRead([created, oldUpdate({ certified_by: null })]);
    expect(state.fields).toEqual({ ...fields, certified_by: null });
  });

  it('a save that named nothing stays a no-op (the stream keeps its version)', () => {
    const read = upcastEvents(stored([created, oldUpdate({})]));
    expect(read.map((e) => e.version)).toEqual([1, 2]);
    expect(foldAsRead([created, oldUpdate({})]).fields).toEqual(fields);
  });

  it('property: folding the upcast log gives the chart the old fold gave (its fields merged with each save)', () => {
    const change: fc.Arbitrary<Partial<ChartFields>> = fc.record(
      {
        slice_name: fc.string({ minLength: 1 }),
        viz_type: fc.constantFrom('table', 'pie', 'line'),
        datasource_id: fc.nat(),
        datasource_type: fc.constantFrom('table', 'dataset'),
        params: fc.option(fc.json()),
        query_context: fc.option(fc.json()),
        description: fc.option(fc.string()),
        cache_timeout: fc.option(fc.nat()),
        owners: fc.array(fc.nat()),
        certified_by: fc.option(fc.string()),
        certification_details: fc.option(fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 6 }), (saves) => {
        const oldFold = saves.reduce<ChartFields>((f, changes) => ({ ...f, ...changes }), fields);
        expect(foldAsRead([created, ...saves.map(oldUpdate)]).fields).toEqual(oldFold);
      }),
    );
  });
});
