import { getNumberFormatter } from '../format/number-format';
import { getTimeFormatter, toEpochMs } from '../format/time-format';
import { bool, num } from '../shared/base-options';
import {
  categoryText,
  columnLabels,
  getColumnLabel,
  metricFormatter,
  metricLabels,
  toNumber,
  verboseName,
} from '../shared/labels';
import {
  GenericDataType,
  type ChartDataResult,
  type DataRecord,
  type FormData,
  type VizDatasource,
} from '../shared/types';

export type ColumnKind = 'number' | 'time' | 'string' | 'boolean';

export interface TableColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  isMetric: boolean;
  /** Draw a bar behind the value, its length relative to the column's largest absolute value. */
  showBar: boolean;
  /** The largest absolute value of the column on this page (bar scale). */
  maxAbs: number;
  /** Colour bars of negative values apart (color_pn). */
  colorSign: boolean;
  format: (value: unknown) => string;
}

export interface TableModel {
  columns: TableColumn[];
  rows: DataRecord[];
  serverPagination: boolean;
  /** Rows per page; 0 shows all rows in one virtualized list. */
  pageSize: number;
  /** All rows of the query (server paging: from the row-count query), for the page count. */
  totalRows: number;
  totals: DataRecord | null;
  includeSearch: boolean;
  /** Group-by columns of an aggregate table: a row click cross-filters on them. */
  filterColumns: string[];
}

interface ColumnConfig {
  d3NumberFormat?: string;
  d3TimeFormat?: string;
  showCellBars?: boolean;
  currencyFormat?: { symbol?: string; symbolPosition?: 'prefix' | 'suffix' };
}

export const PAGE_SIZE_CHOICES = [10, 20, 50, 100, 200] as const;

function kindOf(coltype: number | undefined): ColumnKind {
  switch (coltype) {
    case GenericDataType.NUMERIC:
      return 'number';
    case GenericDataType.TEMPORAL:
      return 'time';
    case GenericDataType.BOOLEAN:
      return 'boolean';
    default:
      return 'string';
  }
}

/**
 * Table: the rows of the query, with the dataset's verbose names as headers, metrics in their number
 * formats (column_config > dataset > adaptive), percent metrics as percentages, times in
 * table_timestamp_format. With server_pagination the result is one page and queriesData[1] holds the
 * row count; with show_totals the next result is the totals row.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): TableModel {
  const result = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const raw = formData.query_mode === 'raw';
  const metrics = raw ? [] : metricLabels(formData);
  const percentMetrics = raw ? [] : metricLabels(formData, 'percent_metrics').map((m) => `%${m}`);
  const groupby = raw ? [] : columnLabels(formData);
  const config = (formData.column_config ?? {}) as Record<string, ColumnConfig>;
  const timeFormat = getTimeFormatter((formData.table_timestamp_format as string | undefined) ?? undefined);
  const showBars = bool(formData.show_cell_bars, true);
  const wanted = raw ? asLabels(formData.all_columns) : [...groupby, ...metrics, ...percentMetrics];
  const order =
    wanted.length && wanted.every((c) => result.colnames.includes(c))
      ? [...wanted, ...result.colnames.filter((c) => !wanted.includes(c))]
      : result.colnames;

  const columns: TableColumn[] = order.map((key) => {
    const index = result.colnames.indexOf(key);
    const kind = kindOf(result.coltypes[index]);
    const conf = config[key] ?? {};
    const isPercent = percentMetrics.includes(key);
    const isMetric = metrics.includes(key) || isPercent;
    let format: (value: unknown) => string;
    if (kind === 'number') {
      const numberFormat = isPercent
        ? getNumberFormatter(conf.d3NumberFormat ?? '.2%')
        : metricFormatter(key, conf.d3NumberFormat, datasource, conf.currencyFormat);
      format = (v) => (v === null || v === undefined ? 'N/A' : numberFormat(toNumber(v)));
    } else if (kind === 'time') {
      const columnTime = conf.d3TimeFormat ? getTimeFormatter(conf.d3TimeFormat) : timeFormat;
      format = (v) => (v === null || v === undefined ? 'N/A' : columnTime(toEpochMs(v)));
    } else {
      format = (v) => (v === null || v === undefined ? 'N/A' : categoryText(v));
    }
    const maxAbs = kind === 'number' ? Math.max(0, ...result.data.map((r) => Math.abs(toNumber(r[key]) ?? 0))) : 0;
    return {
      key,
      label: isPercent ? `%${verboseName(key.slice(1), datasource)}` : verboseName(key, datasource),
      kind,
      isMetric,
      showBar: kind === 'number' && isMetric && (conf.showCellBars ?? showBars) && maxAbs > 0,
      maxAbs,
      colorSign: bool(formData.color_pn, true),
      format,
    };
  });

  const serverPagination = bool(formData.server_pagination, false);
  // Queries after the first (REFERENCE §2.2): the row count when paging on the server, then the totals.
  const rowCount = serverPagination ? queriesData[1]?.data[0] : undefined;
  const totalsRow = queriesData[serverPagination ? 2 : 1]?.data[0];
  const totalRows = serverPagination
    ? (toNumber(rowCount?.rowcount) ?? result.rowcount ?? result.data.length)
    : result.data.length;
  return {
    columns,
    rows: result.data,
    serverPagination,
    pageSize: serverPagination ? num(formData.server_page_length, 10) : num(formData.page_length, 0),
    totalRows,
    totals: bool(formData.show_totals, false) && !raw && totalsRow ? totalsRow : null,
    includeSearch: bool(formData.include_search, false),
    filterColumns: groupby.filter((g) => result.colnames.includes(g)),
  };
}

function asLabels(value: unknown): string[] {
  return (Array.isArray(value) ? value : value ? [value] : []).map(getColumnLabel);
}

/** Rows sorted by a column: numbers and times by value, text by locale; nulls always last. */
export function sortRows(rows: DataRecord[], column: TableColumn, desc: boolean): DataRecord[] {
  const key = (v: unknown) =>
    column.kind === 'number'
      ? toNumber(v)
      : column.kind === 'time'
        ? toEpochMs(v)
        : v === null || v === undefined
          ? null
          : String(v);
  const decorated = rows.map((row, i) => ({ row, i, k: key(row[column.key]) }));
  decorated.sort((a, b) => {
    if (a.k === null && b.k === null) return a.i - b.i;
    if (a.k === null) return 1;
    if (b.k === null) return -1;
    const c =
      typeof a.k === 'number' && typeof b.k === 'number'
        ? a.k - b.k
        : String(a.k).localeCompare(String(b.k), undefined, { numeric: true });
    return (desc ? -c : c) || a.i - b.i;
  });
  return decorated.map((d) => d.row);
}

/** Rows where some cell, as shown, contains the search text (case-insensitive). */
export function searchRows(rows: DataRecord[], columns: TableColumn[], text: string): DataRecord[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) =>
    columns.some(
      (c) =>
        c.format(row[c.key]).toLowerCase().includes(needle) ||
        String(row[c.key] ?? '')
          .toLowerCase()
          .includes(needle),
    ),
  );
}
