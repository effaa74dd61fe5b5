import { useRef, useState } from 'react';
import { useDashboardView } from '../grid/view-context';
import { FilterConfiguration } from './config/FilterConfiguration';
import { FilterControl } from './FilterControls';
import { controlOf, isEmptyValue, isNativeFilter, maskValue } from './native-filters';

/** charts-dashboards-reports §9 filter bar widths: vertical open 260 px, resizable up to 550; horizontal items 240 px. */
export const FILTER_BAR_WIDTH = 260;
export const FILTER_BAR_MAX_WIDTH = 550;
export const HORIZONTAL_FILTER_WIDTH = 240;
/** One arrow key press on the resize handle. */
const RESIZE_STEP = 10;

export const clampFilterBarWidth = (width: number) =>
  Math.min(FILTER_BAR_MAX_WIDTH, Math.max(FILTER_BAR_WIDTH, Math.round(width)));

/**
 * The native filter bar (charts-dashboards-reports §2), vertical beside the grid or horizontal above it: each filter's
 * control (required ones marked), dividers with their titles, Apply and Clear all. Picked values
 * reach the charts on Apply.
 */
export function FilterBar({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  const { feature, state } = useDashboardView();
  const [width, setWidth] = useState(FILTER_BAR_WIDTH);
  const [collapsed, setCollapsed] = useState(false);
  const drag = useRef<{ x: number; width: number } | null>(null);

  const filters = state.filterItems;
  const dirty = filters
    .filter(isNativeFilter)
    .some((f) => JSON.stringify(state.filterDraft[f.id] ?? null) !== JSON.stringify(maskValue(state.dataMask[f.id])));
  const datasets = Object.values(state.datasets);

  if (orientation === 'vertical' && collapsed) {
    return (
      <aside className="filter-bar filter-bar--collapsed" aria-label="Filters">
        <button type="button" className="link" aria-label="Expand filters" onClick={() => setCollapsed(false)}>
          ⟩ Filters
        </button>
      </aside>
    );
  }

  const items = filters.map((item) =>
    !isNativeFilter(item) ? (
      <div key={item.id} className="filter-bar__divider" role="separator" aria-label={item.title}>
        <strong>{item.title}</strong>
        {item.description && <div className="muted">{item.description}</div>}
      </div>
    ) : (
      <div
        key={item.id}
        className="filter-bar__item"
        style={orientation === 'horizontal' ? { width: HORIZONTAL_FILTER_WIDTH } : undefined}
        data-filter-id={item.id}
      >
        <div className="filter-bar__label" title={item.description}>
          {item.name}
          {controlOf(item).enableEmptyFilter && (
            <span className="filter-bar__required" aria-label="required">
              {' '}
              *
            </span>
          )}
        </div>
        <FilterControl
          filter={item}
          value={state.filterDraft[item.id] ?? null}
          onChange={(v) => feature.selectFilterValue(item.id, v)}
          options={state.filterOptions[item.id]}
          search={state.filterSearch[item.id]}
          onSearch={(text) => feature.searchFilterValues(item.id, text)}
          datasets={datasets}
        />
        {controlOf(item).enableEmptyFilter && isEmptyValue(state.filterDraft[item.id]) && (
          <div className="form-error">Please choose a value</div>
        )}
      </div>
    ),
  );

  const actions = (
    <div className="filter-bar__actions">
      <button type="button" className="primary" disabled={!dirty} onClick={() => feature.applyFilters()}>
        Apply filters
      </button>
      <button type="button" onClick={() => feature.clearFilters()}>
        Clear all
      </button>
    </div>
  );

  if (orientation === 'horizontal') {
    return (
      <section className="filter-bar filter-bar--horizontal" aria-label="Filters">
        {items.length === 0 ? <span className="muted">No filters are currently added to this dashboard.</span> : items}
        {items.length > 0 && actions}
        <FilterConfiguration />
      </section>
    );
  }

  return (
    <aside className="filter-bar filter-bar--vertical" aria-label="Filters" style={{ width }}>
      <div className="filter-bar__head">
        <strong>Filters</strong>
        <button type="button" className="link" aria-label="Collapse filters" onClick={() => setCollapsed(true)}>
          ⟨
        </button>
      </div>
      <FilterConfiguration />
      {items.length === 0 ? <p className="muted">No filters are currently added to this dashboard.</p> : items}
      {items.length > 0 && actions}
      {/* A focusable separator is a splitter: dragged, or moved with the arrow keys (Home / End: the limits). */}
      <div
        className="filter-bar__resize"
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label="Resize filters"
        aria-valuenow={width}
        aria-valuemin={FILTER_BAR_WIDTH}
        aria-valuemax={FILTER_BAR_MAX_WIDTH}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, width };
          (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (drag.current) setWidth(clampFilterBarWidth(drag.current.width + e.clientX - drag.current.x));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={(e) => {
          const next = {
            ArrowRight: width + RESIZE_STEP,
            ArrowLeft: width - RESIZE_STEP,
            Home: FILTER_BAR_WIDTH,
            End: FILTER_BAR_MAX_WIDTH,
          }[e.key];
          if (next === undefined) return;
          e.preventDefault();
          setWidth(clampFilterBarWidth(next));
        }}
      />
    </aside>
  );
}
