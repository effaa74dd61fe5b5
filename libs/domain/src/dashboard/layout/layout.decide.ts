/**
 * Decides layout commands against the current draft layout (charts-dashboards-reports §4 Layout editing, §5 validation).
 * Refusals are DomainErrors with stable codes and the spec's words; a command that would change
 * nothing gives no events.
 */
import { formatMessage } from '../../platform/text/format';
import { GRID_COLUMN_COUNT, GRID_MAX_ROW_UNITS, GRID_MIN_COLUMN_COUNT, GRID_MIN_ROW_UNITS } from '../constants';
import { DashboardMessages as M } from '../messages';
import { unknownCommand } from '../../shared/exhaustive';
import { newItem } from './factory';
import type { CreateComponent, LayoutCommand, LayoutContext, MoveComponent, ResizeComponent } from './layout.commands';
import { decideEdit } from './layout.decide-edits';
import type { LayoutEvent, NewComponent } from './layout.events';
import { checked, E, refuse, requireFreshId, requireItem } from './layout.refusals';
import { depthOf, depthOfChildren, isTopLevelTab, isValidChild, shouldWrapInRow } from './nesting';
import { findChartComponent, parentIdOf } from './tree';
import {
  CREATABLE_TYPES,
  GRID_ID,
  RESERVED_IDS,
  ROOT_ID,
  SIZABLE_TYPES,
  TALL_TYPES,
  type Layout,
  type LayoutItem,
  type LayoutMeta,
} from './types';
import { capacityFor, isSizable, minimumWidth, widthOnDrop } from './widths';

export { LayoutErrorCode } from './layout.refusals';

/** A drop slot among `length` children; anything that is not a whole number in range is clamped. */
const slot = (index: number, length: number) => Math.max(0, Math.min(Math.trunc(index) || 0, length));

/** The meta a new component may be given: sizes only where the type has them, and only valid ones. */
function sizeMeta(type: CreateComponent['data']['componentType'], meta: CreateComponent['data']['meta']): LayoutMeta {
  if (!meta) return {};
  const { width, height, ...rest } = meta;
  const sized: { width?: number; height?: number } = {};
  if (width !== undefined && SIZABLE_TYPES.includes(type)) {
    if (!Number.isInteger(width) || width < GRID_MIN_COLUMN_COUNT || width > GRID_COLUMN_COUNT)
      refuse(E.SIZE_INVALID, formatMessage(M.WIDTH_OUT_OF_RANGE, GRID_MIN_COLUMN_COUNT, GRID_COLUMN_COUNT));
    sized.width = width;
  }
  if (height !== undefined && TALL_TYPES.includes(type)) {
    if (!Number.isInteger(height) || height < GRID_MIN_ROW_UNITS || height > GRID_MAX_ROW_UNITS) {
      refuse(E.SIZE_INVALID, formatMessage(M.HEIGHT_OUT_OF_RANGE, GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS));
    }
    sized.height = height;
  }
  return { ...rest, ...sized };
}

/** The container the component lands in, at which depth, and whether a row is wrapped around it. */
function landing(layout: Layout, destination: LayoutItem, type: LayoutItem['type'], rowId: string | undefined) {
  const destDepth = depthOf(layout, destination.id);
  if (!shouldWrapInRow(destination.type, type)) {
    if (!isValidChild(destination.type, type, destDepth)) refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
    return { wrapperRow: undefined, container: destination };
  }
  if (!isValidChild(destination.type, 'ROW', destDepth)) refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
  if (!isValidChild('ROW', type, depthOfChildren(layout, destination.id, destDepth)))
    refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
  const id = requireFreshId(layout, rowId, 'row');
  const row = newItem(id, 'ROW');
  const wrapperRow: NewComponent = { id, type: 'ROW', meta: row.meta };
  return { wrapperRow, container: { ...row, parents: [...destination.parents, destination.id] } };
}

/**
 * charts-dashboards-reports §4: the top-level content swapped with a tab structure. ROOT holds exactly one
 * child, so this is the only way tabs reach the top level: ConvertToTopLevelTabs, or new Tabs dropped
 * on the root.
 */
function decideTopLevelTabs(
  layout: Layout,
  actor: string,
  tabsIdIn: string,
  tabIdIn: string | undefined,
  tabText?: string,
) {
  if (layout[ROOT_ID]?.children[0] !== GRID_ID) refuse(E.TOP_LEVEL_TABS, M.ALREADY_TOP_LEVEL_TABS);
  const tabsId = requireFreshId(layout, tabsIdIn, 'tabs');
  const tabId = requireFreshId(layout, tabIdIn, 'tab');
  if (tabsId === tabId) refuse(E.ID_TAKEN, formatMessage(M.ID_TAKEN, tabId));
  return checked(layout, {
    type: 'dashboard/topLevelTabsCreated',
    data: { actor, tabsId, tabId, ...(tabText !== undefined ? { tabText } : {}) },
  });
}

function decideCreate(command: CreateComponent, layout: Layout, context: LayoutContext | undefined): LayoutEvent[] {
  const { data, actor } = command;
  if (!CREATABLE_TYPES.includes(data.componentType)) refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
  const destination = layout[data.destination.parentId] ?? refuse(E.DESTINATION_MISSING, M.DESTINATION_MISSING);
  if (destination.id === ROOT_ID) {
    // New tabs dropped on the root become the top-level tabs (the grid's content goes into their first tab).
    if (data.componentType !== 'TABS') refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
    return decideTopLevelTabs(layout, actor, data.id, data.tabId);
  }
  let meta = { ...newItem(data.id, data.componentType).meta, ...sizeMeta(data.componentType, data.meta) };
  if (data.componentType === 'CHART') {
    const chartId = data.chartId;
    if (
      typeof chartId !== 'number' ||
      !Number.isInteger(chartId) ||
      chartId <= 0 ||
      (context?.chartExists && !context.chartExists(chartId))
    ) {
      refuse(E.NO_CHART_DEFINITION, M.NO_CHART_DEFINITION);
    }
    if (findChartComponent(layout, chartId!)) refuse(E.CHART_ALREADY_ADDED, M.CHART_ALREADY_ADDED);
    meta = { ...meta, chartId, ...(data.sliceName !== undefined ? { sliceName: data.sliceName } : {}) };
  }
  const id = requireFreshId(layout, data.id, data.componentType.toLowerCase());
  const { wrapperRow, container } = landing(layout, destination, data.componentType, data.rowId);
  if (wrapperRow && wrapperRow.id === id) refuse(E.ID_TAKEN, formatMessage(M.ID_TAKEN, id));
  let childTab: NewComponent | undefined;
  if (data.componentType === 'TABS') {
    const tabId = requireFreshId(layout, data.tabId, 'tab');
    if (tabId === id || tabId === wrapperRow?.id) refuse(E.ID_TAKEN, formatMessage(M.ID_TAKEN, tabId));
    childTab = { id: tabId, type: 'TAB', meta: newItem(tabId, 'TAB').meta };
  }
  const candidate: LayoutItem = { ...newItem(id, data.componentType), meta };
  if (isSizable(candidate)) {
    const width = widthOnDrop(layout, candidate, container);
    if (width < 0) refuse(E.NOT_ENOUGH_SPACE, M.NOT_ENOUGH_SPACE);
    meta = { ...meta, width };
  }
  const event: LayoutEvent = {
    type: 'dashboard/componentCreated',
    data: {
      actor,
      parentId: destination.id,
      index: slot(data.destination.index, destination.children.length),
      component: { id, type: data.componentType, meta },
      ...(wrapperRow ? { wrapperRow } : {}),
      ...(childTab ? { childTab } : {}),
    },
  };
  return checked(layout, event);
}

function decideMove(command: MoveComponent, layout: Layout): LayoutEvent[] {
  const { data, actor } = command;
  const moving = requireItem(layout, data.id);
  const fromId = parentIdOf(layout, moving.id);
  if (!fromId || RESERVED_IDS.includes(moving.id) || (moving.type === 'TABS' && fromId === ROOT_ID))
    refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
  if (data.source && (!layout[data.source.parentId] || data.source.parentId !== fromId))
    refuse(E.SOURCE_CHANGED, M.SOURCE_CHANGED);
  const destination = layout[data.destination.parentId] ?? refuse(E.DESTINATION_MISSING, M.DESTINATION_MISSING);
  // The root keeps its one child: tabs that exist are not promoted (that would need a place for the
  // grid's content); new tabs dropped there are (decideCreate).
  if (destination.id === ROOT_ID)
    refuse(
      moving.type === 'TABS' ? E.TOP_LEVEL_TABS : E.DROP_FORBIDDEN,
      moving.type === 'TABS' ? M.TABS_TO_TOP_LEVEL : M.DROP_FORBIDDEN,
    );
  if (moving.type === 'TAB' && isTopLevelTab(layout, moving.id) && destination.id !== fromId) {
    refuse(
      destination.type === 'TABS' ? E.TOP_LEVEL_TAB : E.DROP_FORBIDDEN,
      destination.type === 'TABS' ? M.TOP_LEVEL_TAB_INTO_NESTED_TABS : M.DROP_FORBIDDEN,
    );
  }
  if (destination.id === moving.id || destination.parents.includes(moving.id))
    refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);

  let toIndex = slot(data.destination.index, destination.children.length);
  if (destination.id === fromId) {
    // charts-dashboards-reports §4: reordering within the same parent adjusts the index; a drop that changes nothing is ignored.
    const at = destination.children.indexOf(moving.id);
    if (toIndex === at || toIndex === at + 1) return [];
    if (toIndex > at) toIndex -= 1;
  }
  const { wrapperRow, container } = landing(layout, destination, moving.type, data.rowId);
  let width: number | undefined;
  if (destination.id !== fromId && (isSizable(moving) || moving.type === 'ROW')) {
    const fitted = widthOnDrop(layout, moving, container);
    if (fitted < 0) refuse(E.NOT_ENOUGH_SPACE, M.NOT_ENOUGH_SPACE);
    if (isSizable(moving) && fitted !== moving.meta.width) width = fitted;
  }
  return checked(layout, {
    type: 'dashboard/componentMoved',
    data: {
      actor,
      id: moving.id,
      fromParentId: fromId!,
      toParentId: destination.id,
      toIndex,
      ...(width !== undefined ? { width } : {}),
      ...(wrapperRow ? { wrapperRow } : {}),
    },
  });
}

function decideResize(command: ResizeComponent, layout: Layout): LayoutEvent[] {
  const { data, actor } = command;
  const target = requireItem(layout, data.id);
  const parent = layout[parentIdOf(layout, target.id) ?? ''];
  if (!parent) return refuse(E.NOT_EDITABLE, M.NOT_RESIZABLE);
  const change: { width?: number; height?: number } = {};
  if (data.width !== undefined && data.width !== target.meta.width) {
    if (!isSizable(target)) refuse(E.SIZE_INVALID, M.NOT_RESIZABLE);
    const min = minimumWidth(layout, target);
    if (!Number.isInteger(data.width) || data.width < min)
      refuse(E.SIZE_INVALID, formatMessage(M.WIDTH_TOO_SMALL, min));
    if (data.width > capacityFor(layout, parent, target.id)) refuse(E.NOT_ENOUGH_SPACE, M.NOT_ENOUGH_SPACE);
    change.width = data.width;
  }
  if (data.height !== undefined && data.height !== target.meta.height) {
    if (!TALL_TYPES.includes(target.type)) refuse(E.SIZE_INVALID, M.NOT_RESIZABLE);
    if (!Number.isInteger(data.height) || data.height < GRID_MIN_ROW_UNITS || data.height > GRID_MAX_ROW_UNITS) {
      refuse(E.SIZE_INVALID, formatMessage(M.HEIGHT_OUT_OF_RANGE, GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS));
    }
    change.height = data.height;
  }
  if (change.width === undefined && change.height === undefined) return [];
  return checked(layout, { type: 'dashboard/componentResized', data: { actor, id: target.id, ...change } });
}

export function decideLayout(command: LayoutCommand, layout: Layout, context?: LayoutContext): LayoutEvent[] {
  const { actor } = command;
  switch (command.type) {
    case 'CreateComponent':
      return decideCreate(command, layout, context);
    case 'MoveComponent':
      return decideMove(command, layout);
    case 'ResizeComponent':
      return decideResize(command, layout);
    case 'DeleteComponent': {
      const target = layout[command.data.id];
      // Deleting what someone else already deleted is done: nothing to do, nothing to report.
      if (!target) return [];
      const parentId = parentIdOf(layout, target.id);
      if (!parentId || RESERVED_IDS.includes(target.id) || (target.type === 'TABS' && parentId === ROOT_ID))
        refuse(E.NOT_EDITABLE, M.CANNOT_DELETE);
      if (target.type === 'TAB' && isTopLevelTab(layout, target.id) && layout[parentId!]!.children.length <= 1) {
        refuse(E.LAST_TOP_LEVEL_TAB, M.LAST_TOP_LEVEL_TAB);
      }
      return checked(layout, { type: 'dashboard/componentDeleted', data: { actor, id: target.id } });
    }
    case 'UpdateComponentText':
    case 'UpdateMarkdown':
    case 'SetHeaderSize':
    case 'SetBackground':
      return decideEdit(command, layout);
    case 'ConvertToTopLevelTabs':
      return decideTopLevelTabs(layout, actor, command.data.tabsId, command.data.tabId, command.data.tabText);
    case 'RemoveTopLevelTabs': {
      const top = layout[layout[ROOT_ID]?.children[0] ?? ''];
      if (!top || top.type !== 'TABS') refuse(E.TOP_LEVEL_TABS, M.NO_TOP_LEVEL_TABS);
      return checked(layout, { type: 'dashboard/topLevelTabsRemoved', data: { actor } });
    }
    default:
      return unknownCommand(command);
  }
}
