import { useMemo, useRef } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import './results-grid.css';

export const ROW_HEIGHT = 28;
const MIN_WIDTH = 80;
const MAX_WIDTH = 320;
const CHAR_WIDTH = 8;
const NUMBER_WIDTH = 56;

export interface ResultsGridProps {
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
  /** Size used before the browser measures the box (and in jsdom, which never measures). */
  initialSize?: { width: number; height: number };
}

/** What a cell shows: null as 'NULL', objects as JSON, everything else as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Column widths from the header and a sample of the first rows: measuring 100,000 rows would cost
 * more than rendering them, and widths must not change while scrolling or the header drifts.
 */
function columnWidths(columns: readonly string[], rows: readonly Record<string, unknown>[]): number[] {
  const sample = rows.slice(0, 50);
  return columns.map((name) => {
    const longest = sample.reduce((max, row) => Math.max(max, cellText(row[name]).length), name.length + 2);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest * CHAR_WIDTH + 16));
  });
}

/**
 * The results grid (Known pains: SQL Lab freezes on large results). Rows AND columns are virtualized
 * on one scroll box: only the visible cells exist in the DOM, so 100,000 rows × 20 columns scroll as
 * smoothly as 10. Rows have a fixed height; the header lives in the same box (sticky) and uses the
 * same column offsets, so it stays aligned when scrolling sideways.
 */
export function ResultsGrid({ columns, rows, initialSize = { width: 900, height: 320 } }: ResultsGridProps) {
  const box = useRef<HTMLDivElement>(null);
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);

  // A box measured at 0×0 (jsdom, a pane collapsed to nothing) keeps the initial size, so the grid
  // never renders an empty frame for rows that exist.
  const observeRect = (
    instance: Virtualizer<HTMLDivElement, Element>,
    callback: (rect: { width: number; height: number }) => void,
  ) => observeElementRect(instance, (rect) => callback(rect.width > 0 && rect.height > 0 ? rect : initialSize));

  const rowVirtualizer = useVirtualizer({
    observeElementRect: observeRect,
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: initialSize,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    observeElementRect: observeRect,
    count: columns.length,
    getScrollElement: () => box.current,
    estimateSize: (index) => widths[index] ?? MIN_WIDTH,
    overscan: 3,
    initialRect: initialSize,
  });

  const totalWidth = columnVirtualizer.getTotalSize() + NUMBER_WIDTH;
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const virtualRows = rowVirtualizer.getVirtualItems();

  return (
    <div
      ref={box}
      className="results-grid"
      role="grid"
      aria-label="Query results"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      data-testid="results-grid"
    >
      <div style={{ width: totalWidth, height: rowVirtualizer.getTotalSize() + ROW_HEIGHT, position: 'relative' }}>
        <div
          className="results-grid__header"
          role="row"
          aria-rowindex={1}
          style={{ width: totalWidth, height: ROW_HEIGHT }}
        >
          <div className="results-grid__number results-grid__corner" style={{ width: NUMBER_WIDTH }} />
          {virtualColumns.map((column) => (
            <div
              key={column.key}
              role="columnheader"
              aria-colindex={column.index + 1}
              className="results-grid__cell results-grid__cell--header"
              title={columns[column.index]}
              style={{ width: column.size, transform: `translateX(${column.start + NUMBER_WIDTH}px)` }}
            >
              {columns[column.index]}
            </div>
          ))}
        </div>
        {virtualRows.map((row) => {
          const record = rows[row.index]!;
          return (
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 2}
              className={`results-grid__row${row.index % 2 ? ' results-grid__row--odd' : ''}`}
              style={{ width: totalWidth, height: ROW_HEIGHT, transform: `translateY(${row.start + ROW_HEIGHT}px)` }}
            >
              <div className="results-grid__number" style={{ width: NUMBER_WIDTH }}>
                {row.index + 1}
              </div>
              {virtualColumns.map((column) => {
                const name = columns[column.index]!;
                const value = record[name];
                return (
                  <div
                    key={column.key}
                    role="gridcell"
                    aria-colindex={column.index + 1}
                    className={`results-grid__cell${value === null || value === undefined ? ' results-grid__cell--null' : ''}`}
                    style={{ width: column.size, transform: `translateX(${column.start + NUMBER_WIDTH}px)` }}
                  >
                    {cellText(value)}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
