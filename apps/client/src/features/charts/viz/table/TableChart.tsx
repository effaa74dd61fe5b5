import { useMemo, useRef, useState } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { crossFilterOf } from '../shared/cross-filter';
import { toNumber } from '../shared/labels';
import type { DataRecordValue, SortBy, VizComponentProps } from '../shared/types';
import { useRendered } from '../shared/use-rendered';
import { PAGE_SIZE_CHOICES, searchRows, sortRows, transformProps, type TableColumn } from './transformProps';
import '../viz.css';

export const TABLE_ROW_HEIGHT = 28;
const FOOTER_HEIGHT = 40;
const MIN_WIDTH = 80;
const MAX_WIDTH = 360;

/** Widths from the header and a sample of rows, stretched to fill the chart when they are narrower. */
function columnWidths(columns: TableColumn[], rows: Record<string, unknown>[], width: number): number[] {
  const sample = rows.slice(0, 50);
  const natural = columns.map((c) => {
    const longest = sample.reduce((max, row) => Math.max(max, c.format(row[c.key]).length), c.label.length + 3);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest * 8 + 16));
  });
  const total = natural.reduce((a, b) => a + b, 0);
  return total > 0 && total < width ? natural.map((w) => (w * width) / total) : natural;
}

/**
 * The table viz. Sorting and paging happen here for a client-side table; with server_pagination the
 * result is one page, and a page or sort change is sent to onTableQueryChange (page is 0-based) so
 * the host queries that page. Rows are virtualized: 50,000 rows render like 50.
 */
export function TableChart({
  formData,
  queriesData,
  datasource,
  width,
  height,
  onRendered,
  onCrossFilter,
  onTableQueryChange,
}: VizComponentProps) {
  const model = useMemo(() => transformProps(formData, queriesData, datasource), [formData, queriesData, datasource]);
  const [sortBy, setSortBy] = useState<SortBy | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(model.pageSize);
  const [search, setSearch] = useState('');
  // A new page_length from the controls (a render-only change) resets the pager.
  const [configuredSize, setConfiguredSize] = useState(model.pageSize);
  if (configuredSize !== model.pageSize) {
    setConfiguredSize(model.pageSize);
    setPageSize(model.pageSize);
    setPage(0);
  }
  useRendered(model, onRendered);

  const visible = useMemo(() => {
    if (model.serverPagination) return model.rows;
    const found = searchRows(model.rows, model.columns, search);
    const column = sortBy && model.columns.find((c) => c.key === sortBy.key);
    return column ? sortRows(found, column, sortBy.desc) : found;
  }, [model, search, sortBy]);

  const total = model.serverPagination ? model.totalRows : visible.length;
  const pageCount = pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const current = Math.min(page, pageCount - 1);
  const rows =
    !model.serverPagination && pageSize > 0 ? visible.slice(current * pageSize, (current + 1) * pageSize) : visible;
  const paged = pageSize > 0;

  const changeQuery = (nextPage: number, nextSize: number, nextSort: SortBy | null) => {
    setPage(nextPage);
    setPageSize(nextSize);
    setSortBy(nextSort);
    if (model.serverPagination) onTableQueryChange?.(nextPage, nextSize, nextSort ? [nextSort] : []);
  };
  // A click cycles ascending, descending, unsorted; a new sort starts again on the first page.
  const toggleSort = (key: string) => {
    const next: SortBy | null = sortBy?.key !== key ? { key, desc: false } : !sortBy.desc ? { key, desc: true } : null;
    changeQuery(0, pageSize, next);
  };

  const widths = useMemo(() => columnWidths(model.columns, model.rows, width), [model, width]);
  const totalWidth = widths.reduce((a, b) => a + b, 0);
  // The scroll box takes what the footer leaves (CSS flex); this estimate only seeds the virtualizer.
  const bodyHeight = Math.max(TABLE_ROW_HEIGHT * 2, height - (paged || model.includeSearch ? FOOTER_HEIGHT : 0));
  const initialRect = { width, height: bodyHeight };
  const box = useRef<HTMLDivElement>(null);
  const observeRect = (
    instance: Virtualizer<HTMLDivElement, Element>,
    callback: (rect: { width: number; height: number }) => void,
  ) => observeElementRect(instance, (rect) => callback(rect.width > 0 && rect.height > 0 ? rect : initialRect));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => TABLE_ROW_HEIGHT,
    overscan: 10,
    initialRect,
    observeElementRect: observeRect,
  });

  const rowFilter = (row: Record<string, unknown>) =>
    model.filterColumns.length
      ? crossFilterOf(Object.fromEntries(model.filterColumns.map((c) => [c, (row[c] ?? null) as DataRecordValue])))
      : null;
  const clickable = Boolean(onCrossFilter && model.filterColumns.length);

  const cells = (row: Record<string, unknown>) =>
    model.columns.map((c, i) => {
      const value = row[c.key];
      const n = c.kind === 'number' ? toNumber(value) : null;
      return (
        <div
          key={c.key}
          role="gridcell"
          className={`viz-table__cell${c.kind === 'number' ? ' viz-table__cell--number' : ''}${value === null || value === undefined ? ' viz-table__cell--null' : ''}`}
          style={{ width: widths[i], position: 'relative' }}
        >
          {c.showBar && n !== null && (
            <span
              className={`viz-table__bar${c.colorSign && n < 0 ? ' viz-table__bar--negative' : ''}`}
              aria-hidden
              style={{ right: 4, width: `${(Math.abs(n) / c.maxAbs) * 90}%` }}
            />
          )}
          {c.format(value)}
        </div>
      );
    });

  return (
    <div className="viz-table" style={{ width, height }} data-testid="viz-table">
      <div ref={box} className="viz-table__scroll" role="grid" aria-rowcount={total + 1}>
        <div
          style={{
            width: totalWidth,
            height: virtualizer.getTotalSize() + TABLE_ROW_HEIGHT * (model.totals ? 2 : 1),
            position: 'relative',
          }}
        >
          <div
            className="viz-table__row viz-table__row--header"
            role="row"
            style={{ width: totalWidth, height: TABLE_ROW_HEIGHT }}
          >
            {model.columns.map((c, i) => (
              <div
                key={c.key}
                role="columnheader"
                aria-sort={sortBy?.key === c.key ? (sortBy.desc ? 'descending' : 'ascending') : 'none'}
                className={`viz-table__cell${c.kind === 'number' ? ' viz-table__cell--number' : ''}`}
                style={{ width: widths[i] }}
              >
                <button
                  type="button"
                  className="viz-table__sort"
                  onClick={() => toggleSort(c.key)}
                  title={`Sort by ${c.label}`}
                >
                  {c.label}
                  {sortBy?.key === c.key ? (sortBy.desc ? ' ▼' : ' ▲') : ''}
                </button>
              </div>
            ))}
          </div>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const filter = clickable ? rowFilter(row) : null;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className={`viz-table__row${clickable ? ' viz-table__row--clickable' : ''}`}
                style={{
                  width: totalWidth,
                  height: TABLE_ROW_HEIGHT,
                  transform: `translateY(${item.start + TABLE_ROW_HEIGHT}px)`,
                }}
                onClick={filter ? () => onCrossFilter?.(filter) : undefined}
              >
                {cells(row)}
              </div>
            );
          })}
          {model.totals && (
            <div
              className="viz-table__row viz-table__row--totals"
              role="row"
              data-testid="table-totals"
              style={{
                width: totalWidth,
                height: TABLE_ROW_HEIGHT,
                transform: `translateY(${virtualizer.getTotalSize() + TABLE_ROW_HEIGHT}px)`,
                fontWeight: 600,
              }}
            >
              {cells({
                ...Object.fromEntries(model.columns.map((c) => [c.key, c.isMetric ? model.totals?.[c.key] : null])),
                [model.columns[0]?.key ?? '']: 'Total',
              })}
            </div>
          )}
        </div>
      </div>
      {(paged || model.includeSearch) && (
        <div className="viz-table__footer">
          {model.includeSearch && !model.serverPagination ? (
            <input
              className="viz-table__search"
              type="search"
              placeholder={`Search ${total} records`}
              aria-label="Search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
            />
          ) : (
            <span>{total} rows</span>
          )}
          {paged && (
            <span className="viz-table__pager">
              <label>
                Page size{' '}
                <select
                  aria-label="Page size"
                  value={pageSize}
                  onChange={(e) => changeQuery(0, Number(e.target.value), sortBy)}
                >
                  {[...new Set([...PAGE_SIZE_CHOICES, pageSize])]
                    .sort((a, b) => a - b)
                    .map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                </select>
              </label>{' '}
              <button type="button" disabled={current === 0} onClick={() => changeQuery(current - 1, pageSize, sortBy)}>
                Previous
              </button>{' '}
              <span data-testid="table-page">
                Page {current + 1} of {pageCount}
              </span>{' '}
              <button
                type="button"
                disabled={current >= pageCount - 1}
                onClick={() => changeQuery(current + 1, pageSize, sortBy)}
              >
                Next
              </button>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
