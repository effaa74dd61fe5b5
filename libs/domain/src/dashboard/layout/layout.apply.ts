/**
 * Applies one layout event to a layout, or says it cannot (null). Shared by `decide` (to check the
 * result of a command) and `evolve`. After an undo the same event can meet a layout it was not decided
 * against (its target deleted, its row now full): it then applies only if the result still keeps every
 * rule, else it is skipped, so any fold of any subset of a log is a valid layout.
 */
import { leaveUnchanged } from '../../shared/exhaustive';
import { isTopLevelTab } from './nesting';
import {
  attach,
  detach,
  findChartComponent,
  parentIdOf,
  removeSubtree,
  setParents,
  subtreeIds,
  withItem,
} from './tree';
import { GRID_ID, RESERVED_IDS, ROOT_ID, TALL_TYPES, type Layout, type LayoutItem } from './types';
import type { LayoutEvent, NewComponent } from './layout.events';
import { layoutProblems, subtreeProblems } from './validate';
import { isSizable, withWidth } from './widths';

const item = (c: NewComponent, children: readonly string[] = []): LayoutItem => ({
  id: c.id,
  type: c.type,
  children,
  parents: [],
  meta: c.meta,
});

const validUnder = (layout: Layout, id: string): Layout | null =>
  subtreeProblems(layout, id).length === 0 ? layout : null;

/** Removes `id` if it is a row or nested tabs left empty (charts-dashboards-reports §4: an emptied row goes too). */
function dropIfEmptied(layout: Layout, id: string | undefined): Layout {
  const container = id ? layout[id] : undefined;
  if (!container || container.children.length > 0) return layout;
  if (container.type === 'ROW' || (container.type === 'TABS' && parentIdOf(layout, container.id) !== ROOT_ID)) {
    return removeSubtree(layout, container.id);
  }
  return layout;
}

export function applyLayoutEvent(layout: Layout, event: LayoutEvent): Layout | null {
  switch (event.type) {
    case 'dashboard/componentCreated': {
      const { parentId, index, component, wrapperRow, childTab } = event.data;
      const fresh = [component, wrapperRow, childTab].filter((c): c is NewComponent => !!c);
      if (!layout[parentId] || fresh.some((c) => layout[c.id] || RESERVED_IDS.includes(c.id))) return null;
      // A chart is placed once: after an undo, a second copy of a chart added meanwhile is skipped.
      if (
        component.type === 'CHART' &&
        typeof component.meta.chartId === 'number' &&
        findChartComponent(layout, component.meta.chartId)
      )
        return null;
      let next = withItem(layout, item(component, childTab ? [childTab.id] : []));
      if (childTab) next = withItem(next, item(childTab));
      if (wrapperRow) next = withItem(next, item(wrapperRow, [component.id]));
      next = attach(next, parentId, (wrapperRow ?? component).id, index);
      return validUnder(next, parentId);
    }
    case 'dashboard/componentMoved': {
      const { id, toParentId, toIndex, width, wrapperRow } = event.data;
      const moving = layout[id];
      const from = parentIdOf(layout, id);
      if (!moving || !from || !layout[toParentId] || RESERVED_IDS.includes(id)) return null;
      if (subtreeIds(layout, id).includes(toParentId)) return null;
      if (moving.type === 'TABS' && from === ROOT_ID) return null;
      if (moving.type === 'TAB' && isTopLevelTab(layout, id) && toParentId !== from) return null;
      if (wrapperRow && layout[wrapperRow.id]) return null;
      let next = detach(layout, id);
      if (wrapperRow) {
        next = withItem(next, item(wrapperRow, [id]));
        next = attach(next, toParentId, wrapperRow.id, toIndex);
        next = setParents(next, wrapperRow.id, next[wrapperRow.id]!.parents);
      } else {
        next = attach(next, toParentId, id, toIndex);
      }
      if (width !== undefined) next = withWidth(next, id, width);
      if (from !== toParentId) next = dropIfEmptied(next, from);
      // Leaving a container never breaks its rules, so only the destination needs checking.
      return validUnder(next, toParentId);
    }
    case 'dashboard/componentResized': {
      const { id, width, height } = event.data;
      const target = layout[id];
      const parentId = parentIdOf(layout, id);
      if (!target || !parentId) return null;
      if (width !== undefined && !isSizable(target)) return null;
      if (height !== undefined && !TALL_TYPES.includes(target.type)) return null;
      let next = width !== undefined ? withWidth(layout, id, width) : layout;
      if (height !== undefined) next = { ...next, [id]: { ...next[id]!, meta: { ...next[id]!.meta, height } } };
      return validUnder(next, parentId);
    }
    case 'dashboard/componentDeleted': {
      const { id } = event.data;
      const target = layout[id];
      const parentId = parentIdOf(layout, id);
      if (!target || !parentId || RESERVED_IDS.includes(id)) return null;
      if (target.type === 'TABS' && parentId === ROOT_ID) return null;
      const parent = layout[parentId];
      if (target.type === 'TAB' && parent && parentIdOf(layout, parentId) === ROOT_ID && parent.children.length <= 1)
        return null;
      return dropIfEmptied(removeSubtree(layout, id), parentId);
    }
    case 'dashboard/componentTextChanged': {
      const target = layout[event.data.id];
      if (!target || event.data.id === ROOT_ID || (target.type !== 'HEADER' && target.type !== 'TAB')) return null;
      if (target.parents.length === 0) return null; // the title holder is a dashboard property
      return withItem(layout, { ...target, meta: { ...target.meta, text: event.data.text } });
    }
    case 'dashboard/markdownChanged': {
      const target = layout[event.data.id];
      if (!target || target.type !== 'MARKDOWN') return null;
      return withItem(layout, { ...target, meta: { ...target.meta, code: event.data.code } });
    }
    case 'dashboard/headerSizeChanged': {
      const target = layout[event.data.id];
      if (!target || target.type !== 'HEADER' || target.parents.length === 0) return null;
      return withItem(layout, { ...target, meta: { ...target.meta, headerSize: event.data.headerSize } });
    }
    case 'dashboard/backgroundChanged': {
      const target = layout[event.data.id];
      if (!target || !['ROW', 'COLUMN', 'HEADER'].includes(target.type) || target.parents.length === 0) return null;
      return withItem(layout, { ...target, meta: { ...target.meta, background: event.data.background } });
    }
    case 'dashboard/topLevelTabsCreated': {
      const { tabsId, tabId, tabText } = event.data;
      const root = layout[ROOT_ID];
      const grid = layout[GRID_ID];
      if (!root || !grid || root.children[0] !== GRID_ID || layout[tabsId] || layout[tabId] || tabsId === tabId)
        return null;
      if (RESERVED_IDS.includes(tabsId) || RESERVED_IDS.includes(tabId)) return null;
      const next: Record<string, LayoutItem> = { ...layout };
      delete next[GRID_ID];
      next[ROOT_ID] = { ...root, children: [tabsId] };
      next[tabsId] = { id: tabsId, type: 'TABS', children: [tabId], parents: [ROOT_ID], meta: {} };
      next[tabId] = {
        ...item({
          id: tabId,
          type: 'TAB',
          meta: { text: tabText ?? '', defaultText: 'Tab title', placeholder: 'Tab title' },
        }),
        children: grid.children,
      };
      const placed = setParents(next, tabsId, [ROOT_ID]);
      return layoutProblems(placed).length === 0 ? placed : null;
    }
    case 'dashboard/topLevelTabsRemoved': {
      const root = layout[ROOT_ID];
      const tabsId = root?.children[0];
      const tabs = tabsId ? layout[tabsId] : undefined;
      if (!root || !tabs || tabs.type !== 'TABS' || layout[GRID_ID]) return null;
      const content = tabs.children.flatMap((tabId) => layout[tabId]?.children ?? []);
      const next: Record<string, LayoutItem> = { ...layout };
      for (const tabId of tabs.children) delete next[tabId];
      delete next[tabs.id];
      next[ROOT_ID] = { ...root, children: [GRID_ID] };
      next[GRID_ID] = { id: GRID_ID, type: 'GRID', children: content, parents: [ROOT_ID], meta: {} };
      const placed = setParents(next, GRID_ID, [ROOT_ID]);
      return layoutProblems(placed).length === 0 ? placed : null;
    }
    default:
      return leaveUnchanged(event, null);
  }
}
