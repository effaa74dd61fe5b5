import { useState, type ReactNode } from 'react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import {
  GRID_BASE_UNIT,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_GUTTER_SIZE,
  GRID_ID,
  ROOT_ID,
  type LayoutItem,
} from '@strata/domain';
import { columnsToPx } from '../grid/DashboardGrid';
import { ComponentMenu } from './ComponentMenu';
import { createIntent } from './drops';
import { useEditGrid } from './edit-context';
import { PeerLabels, peerOutline } from './Presence';
import { ResizeHandle } from './ResizeHandle';
import { bg, HeaderEditor, MarkdownEditor, useTextEdit } from './TextEditors';

const LABELS: Partial<Record<LayoutItem['type'], string>> = {
  ROW: 'Row',
  COLUMN: 'Column',
  TABS: 'Tabs',
  TAB: 'Tab',
  HEADER: 'Header',
  MARKDOWN: 'Markdown',
  DIVIDER: 'Divider',
  CHART: 'Chart',
};

/**
 * The draft's layout in edit mode: every container is a drop target (@hello-pangea/dnd, one list per
 * container: rows horizontal, the rest vertical), every component can be dragged by its handle,
 * selected, resized, deleted, and headers and markdown are edited in place. Others' selections are
 * outlined in their colour.
 */
export function EditGrid() {
  const { layout } = useEditGrid();
  const root = layout[ROOT_ID];
  const top = root?.children[0] ? layout[root.children[0]] : undefined;
  return (
    <div className="dashboard-grid edit-grid" data-testid="edit-grid">
      {top?.type === 'TABS' ? (
        <TopLevelTabs item={top} />
      ) : (
        <Container id={GRID_ID} columns={GRID_COLUMN_COUNT} direction="vertical" />
      )}
    </div>
  );
}

/** Top-level tabs: not draggable, but selectable, with the menu that swaps them back for the grid. */
function TopLevelTabs({ item }: { item: LayoutItem }) {
  const { readOnly, selectedId, select, selections } = useEditGrid();
  const selected = selectedId === item.id && !readOnly;
  return (
    <div
      className={`edit-top-tabs${selected ? ' edit-item--selected' : ''}`}
      style={peerOutline(selections[item.id] ?? [])}
      onClick={(e) => {
        if (readOnly) return;
        e.stopPropagation();
        select(item.id);
      }}
    >
      <Tabs item={item} columns={GRID_COLUMN_COUNT} />
    </div>
  );
}

/** A drop target listing a container's children. */
function Container({ id, columns, direction }: { id: string; columns: number; direction: 'vertical' | 'horizontal' }) {
  const { layout, readOnly } = useEditGrid();
  const item = layout[id];
  if (!item) return null;
  return (
    <Droppable droppableId={id} direction={direction} isDropDisabled={readOnly} type="COMPONENT">
      {(drop, snapshot) => (
        <div
          ref={drop.innerRef}
          {...drop.droppableProps}
          className={`edit-container edit-container--${direction}${snapshot.isDraggingOver ? ' edit-container--over' : ''}`}
          data-droppable-id={id}
          style={direction === 'horizontal' ? { gap: GRID_GUTTER_SIZE } : undefined}
        >
          {item.children.map((child, index) => (
            <Item key={child} id={child} index={index} columns={columns} />
          ))}
          {drop.placeholder}
          {item.children.length === 0 && (
            <div className="edit-container__empty muted">
              {id === GRID_ID ? 'Drag components or charts here' : 'Empty: drop content here'}
            </div>
          )}
        </div>
      )}
    </Droppable>
  );
}

/** One draggable component with its handle, selection and the outlines of other editors. */
function Item({ id, index, columns }: { id: string; index: number; columns: number }) {
  const { layout, readOnly, selectedId, select, selections } = useEditGrid();
  const item = layout[id];
  if (!item) return null;
  const others = selections[id] ?? [];
  const selected = selectedId === id;
  const outline = peerOutline(others);
  return (
    <Draggable draggableId={id} index={index} isDragDisabled={readOnly}>
      {(drag) => (
        <div
          ref={drag.innerRef}
          {...drag.draggableProps}
          className={`edit-item edit-item--${item.type.toLowerCase()}${selected ? ' edit-item--selected' : ''}`}
          data-component-id={id}
          style={{ ...drag.draggableProps.style, ...outline }}
          onClick={(e) => {
            e.stopPropagation();
            if (!readOnly) select(id);
          }}
        >
          {!readOnly && (
            <span
              className="edit-item__handle"
              {...drag.dragHandleProps}
              aria-label={`Move ${LABELS[item.type] ?? item.type}`}
              title="Drag to move"
            >
              ⠿
            </span>
          )}
          <PeerLabels peers={others} />
          {/* A Tabs block's menu goes under its bar (see Tabs), so that selecting it never moves the titles. */}
          {selected && !readOnly && item.type !== 'TABS' && <ComponentMenu item={item} />}
          <Body item={item} columns={columns} />
        </div>
      )}
    </Draggable>
  );
}

function Body({ item, columns }: { item: LayoutItem; columns: number }): ReactNode {
  const { gridWidth, escapeMarkdown, renderChart } = useEditGrid();
  const cols = Math.min(columns, item.meta.width ?? GRID_DEFAULT_CHART_WIDTH);
  const width = columnsToPx(cols, gridWidth);
  const height = (item.meta.height ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
  switch (item.type) {
    case 'ROW':
      return (
        <div className={`dashboard-row${bg(item)}`}>
          <Container id={item.id} columns={columns} direction="horizontal" />
        </div>
      );
    case 'COLUMN':
      return (
        <div className={`dashboard-column${bg(item)}`} style={{ width }} data-width={cols}>
          <Container id={item.id} columns={cols} direction="vertical" />
          <ResizeHandle item={item} columns={columns} />
        </div>
      );
    case 'TABS':
      return <Tabs item={item} columns={columns} />;
    case 'CHART':
      return (
        <div className="edit-chart" style={{ width, height }} data-width={cols} data-height={item.meta.height}>
          {renderChart && typeof item.meta.chartId === 'number' ? (
            renderChart(item.meta.chartId, { width, height }, item.meta.sliceNameOverride ?? item.meta.sliceName)
          ) : (
            <strong>{item.meta.sliceNameOverride ?? item.meta.sliceName ?? `Chart ${item.meta.chartId ?? ''}`}</strong>
          )}
          <ResizeHandle item={item} columns={columns} />
        </div>
      );
    case 'MARKDOWN':
      return (
        <div
          className="dashboard-markdown-holder edit-markdown"
          style={{ width, height }}
          data-width={cols}
          data-height={item.meta.height}
        >
          <MarkdownEditor item={item} height={height} escapeHtml={escapeMarkdown} />
          <ResizeHandle item={item} columns={columns} />
        </div>
      );
    case 'HEADER':
      return <HeaderEditor item={item} />;
    case 'DIVIDER':
      return <hr className="dashboard-divider" />;
    default:
      return null;
  }
}

/** Tabs: the bar (titles edited in place, "+" adds a tab) and the shown tab as a drop target. */
function Tabs({ item, columns }: { item: LayoutItem; columns: number }) {
  const { layout, readOnly, selectedId, execute, newId } = useEditGrid();
  const [shown, setShown] = useState<string | null>(null);
  const active = item.children.includes(shown ?? '') ? shown! : item.children[0];
  return (
    <div className="dashboard-tabs" data-component-id={item.id}>
      <div role="tablist" className="dashboard-tabs__bar">
        {item.children.map((tabId) => (
          <TabTitle key={tabId} tab={layout[tabId]} active={tabId === active} onShow={() => setShown(tabId)} />
        ))}
        {!readOnly && (
          <button
            type="button"
            className="link"
            aria-label="Add tab"
            onClick={() => execute(createIntent('TAB', { parentId: item.id, index: item.children.length }, newId))}
          >
            +
          </button>
        )}
      </div>
      {/* Under the bar, not above it: a click on a title selects the block, and the second click of a
          double-click must still find that title, not a Delete button the menu put in its place. */}
      {selectedId === item.id && !readOnly && <ComponentMenu item={item} />}
      {active && (
        <div role="tabpanel" className="dashboard-tabs__panel">
          <Container id={active} columns={columns} direction="vertical" />
        </div>
      )}
    </div>
  );
}

function TabTitle({ tab, active, onShow }: { tab: LayoutItem | undefined; active: boolean; onShow: () => void }) {
  const { readOnly, execute, select } = useEditGrid();
  const [confirming, setConfirming] = useState(false);
  const edit = useTextEdit(tab?.meta.text ?? '', (value, baseText) => {
    if (tab) execute({ type: 'UpdateComponentText', data: { id: tab.id, text: value, baseText } });
  });
  if (!tab) return null;
  const text = tab.meta.text || tab.meta.defaultText || 'Tab title';
  // Double-click renames in place: Enter or leaving the field sends the title with its base, Escape drops it.
  if (active && edit.value !== null) {
    return (
      <input
        aria-label="Tab title"
        autoFocus
        value={edit.value}
        onChange={(e) => edit.change(e.target.value)}
        onBlur={edit.commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') edit.commit();
          if (e.key === 'Escape') edit.cancel();
        }}
      />
    );
  }
  return (
    <span className="dashboard-tabs__tab">
      <button
        type="button"
        role="tab"
        aria-selected={active}
        className={active ? 'active' : ''}
        onClick={() => {
          onShow();
          if (!readOnly) select(tab.id);
        }}
        onDoubleClick={() => !readOnly && edit.begin()}
      >
        {text}
      </button>
      {!readOnly && (
        <button
          type="button"
          className="link dashboard-tabs__delete"
          aria-label={`Delete tab ${text}`}
          title="Delete tab"
          onClick={() => setConfirming(true)}
        >
          ×
        </button>
      )}
      {confirming && (
        // The whole tab's content goes with it; one undo step brings it back until the next save.
        <span
          role="alertdialog"
          aria-label="Delete dashboard tab?"
          className="dashboard-tabs__confirm"
          onClick={(e) => e.stopPropagation()}
        >
          <strong>Delete dashboard tab?</strong>
          <span className="muted">
            Deleting a tab will remove all content within it. You may still reverse this action with the undo button
            (Ctrl+Z) until you save your changes.
          </span>
          <span className="dashboard-tabs__confirm-actions">
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(false);
                if (execute({ type: 'DeleteComponent', data: { id: tab.id } })) select(null);
              }}
            >
              Delete
            </button>
          </span>
        </span>
      )}
    </span>
  );
}
