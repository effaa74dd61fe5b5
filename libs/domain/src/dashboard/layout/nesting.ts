/**
 * REFERENCE §3.2 nesting rules (isValidChild): which child types a parent type takes, and up to which
 * parent depth. Depth limits how deep containers nest; TABS and a nested TAB do not add depth, so
 *   ROOT(0) > GRID(1) > ROW(2) > COLUMN(3) > ROW(4) > CHART(5)
 *   ROOT(0) > GRID(1) > TABS(2) > TAB(2) > ROW(2) > ...
 *   ROOT(0) > TABS(1) > TAB(1) > ROW(2) > ...          (a top-level tab is a grid of its own)
 */
import { DASHBOARD_ROOT_DEPTH } from '../constants';
import { ROOT_ID, type ComponentType, type Layout } from './types';

const D0 = DASHBOARD_ROOT_DEPTH;
const D1 = D0 + 1;
const D3 = D0 + 3;
const D4 = D0 + 4;
const D5 = D0 + 5;

const PARENT_MAX_DEPTH: Readonly<Record<ComponentType, Readonly<Partial<Record<ComponentType, number>>>>> = {
  ROOT: { TABS: D0, GRID: D0 },
  GRID: { CHART: D1, DYNAMIC: D1, MARKDOWN: D1, COLUMN: D1, DIVIDER: D1, HEADER: D1, ROW: D1, TABS: D1 },
  ROW: { CHART: D4, DYNAMIC: D4, MARKDOWN: D4, COLUMN: D4 },
  TABS: { TAB: D3 },
  TAB: { CHART: D5, DYNAMIC: D5, MARKDOWN: D5, DIVIDER: D5, HEADER: D5, COLUMN: D3, ROW: D3, TABS: D3 },
  COLUMN: { CHART: D5, HEADER: D5, MARKDOWN: D5, ROW: D3, DIVIDER: D3, TABS: D3 },
  CHART: {},
  DYNAMIC: {},
  DIVIDER: {},
  HEADER: {},
  MARKDOWN: {},
};

/** REFERENCE §3.2: whether a `childType` may go into a `parentType` that sits at `parentDepth`. */
export function isValidChild(parentType: ComponentType, childType: ComponentType, parentDepth: number): boolean {
  const max = PARENT_MAX_DEPTH[parentType]?.[childType];
  return typeof max === 'number' && Number.isInteger(parentDepth) && parentDepth >= 0 && parentDepth <= max;
}

/** Whether a TAB belongs to the top-level tabs (its TABS is a child of ROOT). */
export function isTopLevelTab(layout: Layout, tabId: string): boolean {
  const tab = layout[tabId];
  if (!tab || tab.type !== 'TAB') return false;
  const tabsId = tab.parents[tab.parents.length - 1];
  return tabsId !== undefined && layout[tabsId]?.parents.length === 1 && layout[tabsId]?.parents[0] === ROOT_ID;
}

/** The depth a child of `parentId` has, given the parent's own depth. */
export function depthOfChildren(layout: Layout, parentId: string, parentDepth: number): number {
  const parent = layout[parentId];
  if (!parent) return parentDepth + 1;
  if (parent.type === 'TABS') return parentDepth;
  if (parent.type === 'TAB') return isTopLevelTab(layout, parentId) ? parentDepth + 1 : parentDepth;
  return parentDepth + 1;
}

/** The depth of a component, from its ancestor path (ROOT is 0). */
export function depthOf(layout: Layout, id: string): number {
  const item = layout[id];
  if (!item || item.id === ROOT_ID || item.parents.length === 0) return DASHBOARD_ROOT_DEPTH;
  let depth = DASHBOARD_ROOT_DEPTH;
  const path = item.parents;
  for (let i = 1; i < path.length; i += 1) depth = depthOfChildren(layout, path[i - 1]!, depth);
  return depthOfChildren(layout, path[path.length - 1]!, depth);
}

/**
 * charts-dashboards-reports §4 Layout editing / REFERENCE §3.2: a chart, markdown, column (or extension) dropped straight into
 * the grid or a tab is wrapped in a new row.
 */
export function shouldWrapInRow(parentType: ComponentType, childType: ComponentType): boolean {
  return (
    (parentType === 'GRID' || parentType === 'TAB') &&
    (childType === 'CHART' || childType === 'MARKDOWN' || childType === 'COLUMN' || childType === 'DYNAMIC')
  );
}
