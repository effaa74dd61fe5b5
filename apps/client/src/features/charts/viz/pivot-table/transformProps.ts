import { getNumberFormatter } from '../format/number-format';
import { getTimeFormatter, toEpochMs } from '../format/time-format';
import { bool } from '../shared/base-options';
import { categoryText, columnLabels, metricFormatter, metricLabels, toNumber, verboseName } from '../shared/labels';
import { GenericDataType, type ChartDataResult, type FormData, type VizDatasource } from '../shared/types';
import { AGGREGATORS, fractionOf } from './aggregators';

export interface PivotCell {
  text: string;
  value?: number | null;
  header?: boolean;
  total?: boolean;
  colSpan?: number;
  rowSpan?: number;
}

/** The pivot as rows of cells, header rows first: the component only draws it. */
export interface PivotModel {
  head: PivotCell[][];
  body: PivotCell[][];
}

const TOTAL = '\u0000total';

type Key = string[];
const keyId = (key: Key) => JSON.stringify(key);

function sortKeys(keys: Key[], order: string, totalOf: (key: Key) => number): Key[] {
  const byName = (a: Key, b: Key) => {
    for (let i = 0; i < a.length; i++) {
      const c = (a[i] ?? '').localeCompare(b[i] ?? '', undefined, { numeric: true });
      if (c) return c;
    }
    return 0;
  };
  const sorted = [...keys];
  if (order === 'key_z_to_a') sorted.sort((a, b) => byName(b, a));
  else if (order === 'value_a_to_z') sorted.sort((a, b) => totalOf(a) - totalOf(b));
  else if (order === 'value_z_to_a') sorted.sort((a, b) => totalOf(b) - totalOf(a));
  else sorted.sort(byName);
  return sorted;
}

/** Header cells for one level of column keys, merging neighbours with the same prefix. */
function spanned(keys: Key[], level: number, totalCell: PivotCell | null): PivotCell[] {
  const cells: PivotCell[] = [];
  let i = 0;
  while (i < keys.length) {
    const key = keys[i]!;
    if (key[0] === TOTAL) {
      if (totalCell) cells.push(totalCell);
      i++;
      continue;
    }
    let span = 1;
    const prefix = keyId(key.slice(0, level + 1));
    while (
      i + span < keys.length &&
      keys[i + span]![0] !== TOTAL &&
      keyId(keys[i + span]!.slice(0, level + 1)) === prefix
    )
      span++;
    cells.push({ text: key[level] ?? '', header: true, ...(span > 1 ? { colSpan: span } : {}) });
    i += span;
  }
  return cells;
}

/**
 * Pivot table: group-by rows down the side, group-by columns across the top, every metric
 * aggregated with aggregateFunction (Sum by default) over the rows behind a cell, so totals are
 * the aggregate of the underlying values (an average total is the average of all values, not of
 * the averages). metricsLayout COLUMNS puts metrics above the column keys, ROWS beside the row keys.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): PivotModel {
  const result = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  let rowDims = columnLabels(formData, 'groupbyRows');
  let colDims = columnLabels(formData, 'groupbyColumns');
  if (bool(formData.transposePivot, false)) [rowDims, colDims] = [colDims, rowDims];
  const metrics = metricLabels(formData);
  const aggregate = String(formData.aggregateFunction ?? 'Sum');
  const aggregator = AGGREGATORS[aggregate] ?? AGGREGATORS.Sum!;
  const fraction = fractionOf(aggregate);
  const rowTotals = bool(formData.rowTotals, false);
  const colTotals = bool(formData.colTotals, false);
  const metricsInRows = formData.metricsLayout === 'ROWS';
  const dateFormat = getTimeFormatter(formData.date_format as string | undefined);
  const temporal = new Set(result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL));
  const text = (dim: string, v: unknown) =>
    temporal.has(dim) && v !== null && v !== undefined ? dateFormat(toEpochMs(v)) : categoryText(v);
  const formatFor = (metric: string) =>
    fraction
      ? getNumberFormatter('.1%')
      : metricFormatter(metric, formData.valueFormat, datasource, formData.currency_format);

  // Values behind each cell and each total, per metric.
  const values = new Map<string, number[]>();
  const push = (id: string, v: number) => {
    const list = values.get(id);
    if (list) list.push(v);
    else values.set(id, [v]);
  };
  const rowKeys = new Map<string, Key>();
  const colKeys = new Map<string, Key>();
  for (const row of result.data) {
    const r = rowDims.map((d) => text(d, row[d]));
    const c = colDims.map((d) => text(d, row[d]));
    rowKeys.set(keyId(r), r);
    colKeys.set(keyId(c), c);
    for (const m of metrics) {
      const v = toNumber(row[m]);
      if (v === null) continue;
      push(keyId([m, keyId(r), keyId(c)]), v);
      push(keyId([m, keyId(r), TOTAL]), v);
      push(keyId([m, TOTAL, keyId(c)]), v);
      push(keyId([m, TOTAL, TOTAL]), v);
    }
  }
  const raw = (m: string, r: string, c: string) => {
    const list = values.get(keyId([m, r, c]));
    return list ? aggregator(list) : null;
  };
  const cellValue = (m: string, r: string, c: string): number | null => {
    const v = raw(m, r, c);
    if (v === null || !fraction) return v;
    const base = fraction === 'total' ? raw(m, TOTAL, TOTAL) : fraction === 'row' ? raw(m, r, TOTAL) : raw(m, TOTAL, c);
    return base ? v / base : null;
  };

  const first = metrics[0] ?? '';
  const rows = sortKeys(
    [...rowKeys.values()],
    String(formData.rowOrder ?? 'key_a_to_z'),
    (k) => raw(first, keyId(k), TOTAL) ?? 0,
  );
  const cols = sortKeys(
    [...colKeys.values()],
    String(formData.colOrder ?? 'key_a_to_z'),
    (k) => raw(first, TOTAL, keyId(k)) ?? 0,
  );
  const totalLabel = `Total (${aggregate})`;
  const colsWithTotal: Key[] = colTotals && colDims.length ? [...cols, [TOTAL]] : cols;
  const label = (dim: string) => verboseName(dim, datasource);
  const cell = (m: string, r: string, c: string, total = false): PivotCell => {
    const v = cellValue(m, r, c);
    return { text: v === null ? '' : formatFor(m)(v), value: v, ...(total ? { total: true } : {}) };
  };
  const colId = (k: Key) => (k[0] === TOTAL ? TOTAL : keyId(k));

  const head: PivotCell[][] = [];
  const body: PivotCell[][] = [];
  const rowHeaderCells = (k: Key) => k.map((v) => ({ text: v, header: true }));
  const rowHeaderWidth = Math.max(1, rowDims.length) + (metricsInRows ? 1 : 0);

  if (!metricsInRows) {
    // Metrics on top, then one header row per column dimension.
    const totalHeader = (level: number) =>
      level === 0 ? { text: totalLabel, header: true, total: true, rowSpan: colDims.length } : null;
    head.push([
      { text: '', header: true, colSpan: rowHeaderWidth, rowSpan: 1 + colDims.length },
      ...metrics.map((m) => ({ text: label(m), header: true, colSpan: colsWithTotal.length || 1 })),
    ]);
    for (let level = 0; level < colDims.length; level++)
      head.push(metrics.flatMap(() => spanned(colsWithTotal, level, totalHeader(level))));
    if (rowDims.length) {
      head.push([
        ...rowDims.map((d) => ({ text: label(d), header: true })),
        { text: '', header: true, colSpan: metrics.length * Math.max(1, colsWithTotal.length) },
      ]);
    }
    for (const r of rows) {
      body.push([
        ...rowHeaderCells(r),
        ...metrics.flatMap((m) => colsWithTotal.map((c) => cell(m, keyId(r), colId(c), c[0] === TOTAL))),
      ]);
    }
    if (rowTotals && rowDims.length) {
      body.push([
        { text: totalLabel, header: true, total: true, colSpan: rowHeaderWidth },
        ...metrics.flatMap((m) => colsWithTotal.map((c) => cell(m, TOTAL, colId(c), true))),
      ]);
    }
  } else {
    // Metrics beside the row keys: one body row per row key and metric.
    const totalHeader = (level: number) =>
      level === 0 ? { text: totalLabel, header: true, total: true, rowSpan: colDims.length } : null;
    for (let level = 0; level < Math.max(1, colDims.length); level++) {
      head.push([
        ...(level === 0
          ? [{ text: '', header: true, colSpan: rowHeaderWidth, rowSpan: Math.max(1, colDims.length) }]
          : []),
        ...(colDims.length ? spanned(colsWithTotal, level, totalHeader(level)) : [{ text: '', header: true }]),
      ]);
    }
    const withTotalRow: Key[] = rowTotals && rowDims.length ? [...rows, [TOTAL]] : rows;
    for (const r of withTotalRow) {
      const isTotal = r[0] === TOTAL;
      metrics.forEach((m) => {
        const heads: PivotCell[] = isTotal
          ? [{ text: totalLabel, header: true, total: true, colSpan: rowHeaderWidth - 1 }]
          : rowHeaderCells(r);
        body.push([
          ...heads,
          { text: label(m), header: true },
          ...colsWithTotal.map((c) => cell(m, isTotal ? TOTAL : keyId(r), colId(c), isTotal || c[0] === TOTAL)),
        ]);
      });
    }
  }
  return { head, body };
}
