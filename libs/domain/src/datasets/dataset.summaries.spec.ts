import type { EventLike } from '@strata/events';
import { summarizeStream } from '../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../audit/testing/readable';
import type { DatasetColumn, DatasetEvent } from './dataset.events';
import { datasetSummaries } from './dataset.summaries';
import { flightsDataset } from './testing/flights';

const column = (column_name: string, more: Partial<DatasetColumn> = {}): DatasetColumn => ({
  column_name,
  verbose_name: null,
  type: 'TEXT',
  type_generic: 1,
  is_dttm: false,
  groupby: true,
  filterable: true,
  expression: null,
  description: null,
  ...more,
});
const fields = flightsDataset({
  columns: [column('origin'), column('dest'), column('date', { type: 'DATE', type_generic: 2, is_dttm: true })],
  metrics: [
    { metric_name: 'count', verbose_name: null, metric_type: 'count', expression: 'COUNT(*)', description: null },
  ],
  main_dttm_col: 'date',
});
const created: DatasetEvent = { type: 'dataset/datasetCreated', data: { id: 4, ...fields } };
const audit = (events: EventLike[], who = 'bob') => summarizeStream(events, () => ({ who }));

describe('dataset summaries', () => {
  it("says what an edit of a column changed, against the column as the stream's earlier events left it", () => {
    const texts = audit([
      created,
      { type: 'dataset/datasetColumnEdited', data: { column: column('origin', { verbose_name: 'Origin' }) } },
      { type: 'dataset/datasetRenamed', data: { table_name: 'Flights 2024' } },
      {
        type: 'dataset/datasetColumnEdited',
        data: { column: column('origin', { verbose_name: 'Origin', groupby: false }) },
      },
      {
        type: 'dataset/metricEdited',
        data: { metric: { ...fields.metrics[0]!, expression: 'COUNT(DISTINCT id)' } },
      },
    ]);
    expect(texts.slice(1)).toEqual([
      "bob edited the column 'origin' of the dataset 'flights' (verbose name 'Origin')",
      "bob renamed the dataset 'flights' to 'Flights 2024'",
      "bob edited the column 'origin' of the dataset 'Flights 2024' (groupable off)",
      "bob edited the metric 'count' of the dataset 'Flights 2024' (expression 'COUNT(DISTINCT id)')",
    ]);
  });

  it('without earlier events, names the column and leaves out what it cannot know', () => {
    const [text] = audit([{ type: 'dataset/datasetColumnEdited', data: { column: column('origin') } }]);
    expect(text).toBe("bob edited the column 'origin' of the dataset");
  });

  it("names what an old whole-list save and a refresh dropped, and shows only an external link's host", () => {
    const texts = audit([
      created,
      { type: 'dataset/datasetColumnsReordered', data: { column_names: ['date', 'origin'] } },
      { type: 'dataset/columnsSynced', data: { columns: [], main_dttm_col: null, added: ['arr'], removed: ['date'] } },
      { type: 'dataset/externalUrlChanged', data: { external_url: 'https://u:pw@dbt.example.com/x?token=abc' } },
    ]);
    expect(texts.slice(1)).toEqual([
      "bob reordered the columns of the dataset 'flights' (removed 'dest')",
      "bob refreshed the columns of the dataset 'flights' from the database (added 'arr'; removed 'date')",
      "bob linked the dataset 'flights' to a page on 'dbt.example.com'",
    ]);
  });

  it('reads every event type, with no earlier events and with them', () => {
    const samples: SummarySamples<DatasetEvent> = {
      'dataset/datasetCreated': { id: 4, ...fields, kind: 'virtual', schema: null, sql: 'SELECT 1' },
      'dataset/datasetRenamed': { table_name: 'f' },
      'dataset/datasetSchemaChanged': { schema: null },
      'dataset/datasetSqlChanged': { sql: 'SELECT 2' },
      'dataset/templateParamsChanged': { template_params: null },
      'dataset/datasetColumnAdded': { column: column('delay_x2', { expression: 'delay * 2' }) },
      'dataset/datasetColumnEdited': { column: column('dest', { description: 'Where to', filterable: false }) },
      'dataset/datasetColumnRemoved': { column_name: 'dest' },
      'dataset/datasetColumnsReordered': { column_names: [] },
      'dataset/metricAdded': { metric: { ...fields.metrics[0]!, metric_name: 'n' } },
      'dataset/metricEdited': { metric: { ...fields.metrics[0]!, verbose_name: null, d3format: ',d' } },
      'dataset/metricRemoved': { metric_name: 'count' },
      'dataset/metricsReordered': { metric_names: ['count'] },
      'dataset/mainDatetimeColumnChanged': { main_dttm_col: null },
      'dataset/datasetOwnersChanged': { owners: [] },
      'dataset/datasetDescribed': { description: null },
      'dataset/cacheTimeoutChanged': { cache_timeout: 600 },
      'dataset/defaultTimeGrainChanged': { default_time_grain: null },
      'dataset/externalUrlChanged': { external_url: 'not a url' },
      'dataset/externalManagementStarted': {},
      'dataset/externalManagementStopped': {},
      'dataset/columnsSynced': { columns: [], main_dttm_col: null, added: [], removed: [] },
      'dataset/changeReverted': { batchId: 'b1' },
      'dataset/datasetDeleted': {},
    };
    const before = datasetSummaries.names!.evolve(datasetSummaries.names!.initial(), created);
    expect(unreadableSummaries(datasetSummaries, samples, [{}, { before }, { objectName: 'flights' }])).toEqual([]);
  });
});
