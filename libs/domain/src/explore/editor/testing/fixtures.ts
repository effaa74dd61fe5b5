import type { DatasourceMeta } from '../../controls/types';
import type { ExploreEvent } from '../explore.events';

/** The examples' `cars` and `flights` datasets as Explore sees them. */
export const cars: DatasourceMeta = {
  id: 1,
  type: 'table',
  datasource_name: 'cars',
  main_dttm_col: 'year',
  columns: [
    { column_name: 'name', type: 'TEXT', type_generic: 1, groupby: true, filterable: true },
    { column_name: 'origin', type: 'TEXT', type_generic: 1, groupby: true, filterable: true },
    { column_name: 'horsepower', type: 'DOUBLE PRECISION', type_generic: 0, groupby: true, filterable: true },
    { column_name: 'year', type: 'DATE', type_generic: 2, is_dttm: true, groupby: true, filterable: true },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

export const flights: DatasourceMeta = {
  id: 2,
  type: 'table',
  datasource_name: 'flights',
  main_dttm_col: 'date',
  columns: [
    { column_name: 'origin', type: 'TEXT', type_generic: 1, groupby: true, filterable: true },
    { column_name: 'delay', type: 'INTEGER', type_generic: 0, groupby: true, filterable: true },
    { column_name: 'date', type: 'TIMESTAMP', type_generic: 2, is_dttm: true, groupby: true, filterable: true },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

export const avgHorsepower = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'horsepower' },
  aggregate: 'AVG' as const,
  label: 'AVG(horsepower)',
  optionName: 'm1',
};

export const opened = (datasource = cars, formData: Record<string, unknown> = {}): ExploreEvent => ({
  type: 'explore/opened',
  data: {
    datasource,
    formData: { datasource: '', viz_type: 'table', ...formData },
    slice: null,
    maxRow: 100000,
    isStarred: false,
  },
});

export const changed = (name: string, value: unknown): ExploreEvent => ({
  type: 'explore/controlChanged',
  data: { name, value },
});
