import { GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH } from '../constants';
import { DashboardMessages } from '../messages';
import {
  Background,
  GRID_ID,
  HEADER_ID,
  HeaderSize,
  ROOT_ID,
  type ComponentType,
  type Layout,
  type LayoutItem,
  type LayoutMeta,
} from './types';

/** The layout of a new dashboard (REFERENCE §3.1 getEmptyLayout): ROOT > GRID, plus the title holder. */
export function emptyLayout(title: string = DashboardMessages.UNTITLED_DASHBOARD): Layout {
  return {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], parents: [], meta: {} },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID], meta: {} },
    [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', children: [], parents: [], meta: { text: title } },
  };
}

export const DEFAULT_TAB_TEXT = 'Tab title';
export const DEFAULT_HEADER_TEXT = 'New header';

/** REFERENCE §3.1 default meta by type (newComponentFactory). */
export function defaultMeta(type: ComponentType): LayoutMeta {
  switch (type) {
    case 'CHART':
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT };
    case 'MARKDOWN':
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT, code: '' };
    case 'COLUMN':
      return { width: GRID_DEFAULT_CHART_WIDTH, background: Background.TRANSPARENT };
    case 'ROW':
      return { background: Background.TRANSPARENT };
    case 'HEADER':
      // charts-dashboards-reports §9: the header default is medium.
      return { text: DEFAULT_HEADER_TEXT, headerSize: HeaderSize.MEDIUM, background: Background.TRANSPARENT };
    case 'TAB':
      return { text: '', defaultText: DEFAULT_TAB_TEXT, placeholder: DEFAULT_TAB_TEXT };
    case 'DYNAMIC':
      return { width: 12, background: Background.TRANSPARENT };
    default:
      return {};
  }
}

export function newItem(id: string, type: ComponentType, meta: LayoutMeta = {}): LayoutItem {
  return { id, type, children: [], parents: [], meta: { ...defaultMeta(type), ...meta } };
}

/**
 * A new component id, REFERENCE §3.1 `<TYPE>-<random>`. The random part comes from the caller (the
 * domain has no randomness), so a replay gives the same ids.
 */
export function componentId(type: ComponentType, random: string): string {
  return `${type}-${random}`;
}

/** The title holder follows the dashboard title (position_json keeps it in HEADER_ID's text). */
export function withTitle(layout: Layout, title: string): Layout {
  const header = layout[HEADER_ID] ?? { id: HEADER_ID, type: 'HEADER' as const, children: [], parents: [], meta: {} };
  return { ...layout, [HEADER_ID]: { ...header, meta: { ...header.meta, text: title } } };
}
