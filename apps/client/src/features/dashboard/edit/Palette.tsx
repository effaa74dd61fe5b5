import { useEffect, useState } from 'react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { GRID_ID, ROOT_ID, vizTypeLabel, type Layout } from '@strata/domain';
import type { ChartListItem } from './draft-api';
import { chartDraggableId, createIntent, PALETTE_LABELS, PALETTE_TYPES, paletteDraggableId } from './drops';
import { useEditGrid } from './edit-context';

/** Where "Add" puts a component: the end of the grid, or of the first top-level tab. */
export function appendTarget(layout: Layout): { parentId: string; index: number } | null {
  const top = layout[ROOT_ID]?.children[0];
  const parentId = top === GRID_ID ? GRID_ID : top ? layout[top]?.children[0] : undefined;
  const parent = parentId ? layout[parentId] : undefined;
  return parent ? { parentId: parent.id, index: parent.children.length } : null;
}

/** The component palette: drag a new row, column, tabs, header, markdown or divider into the grid. */
export function ComponentPalette() {
  const { layout, execute, newId } = useEditGrid();
  const target = appendTarget(layout);
  return (
    <section className="edit-palette" aria-label="Components">
      <h3>Layout elements</h3>
      <Droppable droppableId="palette:components" isDropDisabled type="COMPONENT">
        {(drop) => (
          <ul ref={drop.innerRef} {...drop.droppableProps} className="edit-palette__list">
            {PALETTE_TYPES.map((type, index) => (
              <Draggable key={type} draggableId={paletteDraggableId(type)} index={index}>
                {(drag) => (
                  <li
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    {...drag.dragHandleProps}
                    className="edit-palette__item"
                    data-palette-type={type}
                  >
                    <span>{PALETTE_LABELS[type]}</span>
                    <button
                      type="button"
                      className="link"
                      aria-label={`Add ${PALETTE_LABELS[type]}`}
                      disabled={!target}
                      onClick={() => target && execute(createIntent(type, target, newId))}
                    >
                      Add
                    </button>
                  </li>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </ul>
        )}
      </Droppable>
    </section>
  );
}

/**
 * The user's charts (GET /api/v1/chart/?q=), searchable, to drag into the grid. The search text is the
 * form's; the list is the page's state (`edit.paletteCharts`, null while the first answer is on its way).
 */
export function ChartList({
  charts,
  search: searchCharts,
}: {
  charts: readonly ChartListItem[] | null;
  search: (text: string) => void;
}) {
  const { layout, execute, newId } = useEditGrid();
  const [search, setSearch] = useState('');
  useEffect(() => searchCharts(search), [searchCharts, search]);
  const placed = new Set(
    Object.values(layout).flatMap((item) =>
      item.type === 'CHART' && item.meta.chartId !== undefined ? [item.meta.chartId] : [],
    ),
  );
  const target = appendTarget(layout);
  return (
    <section className="edit-charts" aria-label="Charts">
      <h3>Charts</h3>
      <input
        type="search"
        aria-label="Search charts"
        placeholder="Filter your charts"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {charts === null ? (
        <p className="muted">Loading charts…</p>
      ) : charts.length === 0 ? (
        <p className="muted">No charts found</p>
      ) : (
        <Droppable droppableId="palette:charts" isDropDisabled type="COMPONENT">
          {(drop) => (
            <ul ref={drop.innerRef} {...drop.droppableProps} className="edit-palette__list">
              {charts.map((chart, index) => (
                <Draggable key={chart.id} draggableId={chartDraggableId(chart.id)} index={index}>
                  {(drag) => (
                    <li
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      {...drag.dragHandleProps}
                      className="edit-palette__item"
                      data-chart-id={chart.id}
                    >
                      <span>
                        {chart.slice_name} <span className="muted">{vizTypeLabel(chart.viz_type)}</span>
                        {placed.has(chart.id) && <span className="badge">Added</span>}
                      </span>
                      <button
                        type="button"
                        className="link"
                        aria-label={`Add chart ${chart.slice_name}`}
                        disabled={!target}
                        onClick={() => target && execute(createIntent('CHART', target, newId, chart))}
                      >
                        Add
                      </button>
                    </li>
                  )}
                </Draggable>
              ))}
              {drop.placeholder}
            </ul>
          )}
        </Droppable>
      )}
    </section>
  );
}
