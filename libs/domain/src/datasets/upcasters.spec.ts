import { envelopeBatch, type Envelope, type EventLike } from '@strata/events';
import fc from 'fast-check';
import { upcastEvents } from '../upcasters';
import type { DatasetChanges } from './dataset.commands';
import { COUNT_STAR, datasetColumn } from './dataset-columns';
import { datasetDecider } from './dataset.decider';
import type { DatasetColumn, DatasetEvent, DatasetFields, DatasetMetric } from './dataset.events';

const column = (name: string, over: Partial<DatasetColumn> = {}): DatasetColumn => ({
  ...datasetColumn({ name, type: 'text', type_generic: 1, is_dttm: false }),
  ...over,
});
const fields: DatasetFields = {
  kind: 'virtual',
  table_name: 'late flights',
  database_id: 1,
  catalog: null,
  schema: 'public',
  sql: 'SELECT * FROM flights',
  template_params: null,
  columns: [column('origin'), column('dep_time', { is_dttm: true, type_generic: 2 })],
  metrics: [COUNT_STAR],
  main_dttm_col: 'dep_time',
  owners: [3],
  is_managed_externally: false,
  external_url: null,
  description: null,
};

const stored = (events: readonly EventLike[]): Envelope[] =>
  events.map(
    (e, n) =>
      envelopeBatch(
        [e],
        { actor: '3', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
        { stream: 'dataset:5', version: n + 1 },
      )[0]!,
  );
const foldAsRead = (events: readonly EventLike[]) =>
  upcastEvents(stored(events)).reduce(
    (state, e) => datasetDecider.evolve(state, e as unknown as DatasetEvent),
    datasetDecider.initialState(),
  );
const created: EventLike = { type: 'dataset/datasetCreated', data: { id: 5, ...fields } };
const oldUpdate = (changes: DatasetChanges): EventLike => ({ type: 'dataset/datasetUpdated', data: { changes } });

describe('an old dataset/datasetUpdated {changes} reads as intent events', () => {
  it('a column list reads as one edit per column and the order saved; the fold is the list saved', () => {
    const saved = [column('late', { expression: 'delay > 15' }), column('origin', { verbose_name: 'Origin' })];
    const read = upcastEvents(stored([created, oldUpdate({ columns: saved, description: 'x' })]));
    expect(read.map((e) => [e.type, e.version])).toEqual([
      ['dataset/datasetCreated', 1],
      ['dataset/datasetColumnEdited', 2],
      ['dataset/datasetColumnEdited', 2],
      ['dataset/datasetColumnsReordered', 2],
      ['dataset/datasetDescribed', 2],
    ]);
    const state = foldAsRead([created, oldUpdate({ columns: saved, description: 'x' })]);
    expect(state.fields?.columns).toEqual(saved);
    expect(state.fields?.description).toBe('x');
  });

  it('a save that named nothing stays a no-op (the stream keeps its version)', () => {
    expect(upcastEvents(stored([created, oldUpdate({})])).map((e) => e.version)).toEqual([1, 2]);
    expect(foldAsRead([created, oldUpdate({})]).fields).toEqual(fields);
  });

  it('property: folding the upcast log gives the dataset the old fold gave (its fields merged with each save)', () => {
    const name = fc.constantFrom('origin', 'dep_time', 'late', 'dest', 'carrier');
    const columns = fc.uniqueArray(
      fc
        .record({ name, label: fc.option(fc.string()) })
        .map(({ name, label }) => column(name, { verbose_name: label })),
      { selector: (c) => c.column_name, minLength: 1 },
    );
    const metrics = fc.uniqueArray(
      fc
        .record({ name, d3format: fc.option(fc.constantFrom(',d', '.2%')) })
        .map(({ name, d3format }): DatasetMetric => ({ ...COUNT_STAR, metric_name: name, d3format })),
      { selector: (m) => m.metric_name },
    );
    const change: fc.Arbitrary<DatasetChanges> = fc.record(
      {
        table_name: fc.string({ minLength: 1 }),
        schema: fc.option(fc.string()),
        sql: fc.option(fc.string()),
        template_params: fc.option(fc.json()),
        columns,
        metrics,
        main_dttm_col: fc.option(name),
        owners: fc.array(fc.nat()),
        description: fc.option(fc.string()),
        external_url: fc.option(fc.webUrl()),
        is_managed_externally: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 5 }), (saves) => {
        const oldFold = saves.reduce<DatasetFields>((f, changes) => ({ ...f, ...changes }), fields);
        expect(foldAsRead([created, ...saves.map(oldUpdate)]).fields).toEqual(oldFold);
      }),
    );
  });
});
