/**
 * Layout components in words, as a person reads them (issue 13 audit summaries, presence): a chart by its
 * title on the dashboard, a tab or header by its text, a markdown by its first line, a row or column by what
 * it holds ("the row with 2 charts"). Pure reads of one layout: callers pass the layout as it was then.
 */
import { count, quote } from '../../audit/summary';
import type { NewComponent } from './layout.events';
import { GRID_ID, ROOT_ID, type ComponentType, type Layout, type LayoutItem, type LayoutMeta } from './types';

/** A chart's title, a header's or tab's text, a markdown's first line; null for rows, columns, dividers. */
export function componentName(item: { type: ComponentType; meta: LayoutMeta }): string | null {
  const { meta } = item;
  switch (item.type) {
    case 'CHART':
      return meta.sliceNameOverride ?? meta.sliceName ?? (meta.chartId === undefined ? null : `Chart ${meta.chartId}`);
    case 'MARKDOWN':
      // The first line with words, without its markdown marks (a title's '#', a list's '-').
      return (
        (meta.code ?? '')
          .split('\n')
          .map((line) => line.replace(/^[#>*\-\s]+/, '').trim())
          .find((line) => line !== '') ?? null
      );
    case 'HEADER':
    case 'TAB':
      return meta.text || meta.defaultText || null;
    default:
      return null;
  }
}

const KIND: Readonly<Record<ComponentType, string>> = {
  ROOT: 'dashboard',
  GRID: 'grid',
  HEADER: 'header',
  TABS: 'tabs',
  TAB: 'tab',
  ROW: 'row',
  COLUMN: 'column',
  CHART: 'chart',
  MARKDOWN: 'markdown',
  DIVIDER: 'divider',
  DYNAMIC: 'dynamic component',
};

/** Tab names in a list are shortened further, so two of them still fit a summary line. */
const short = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);

function tabsPhrase(layout: Layout, tabs: LayoutItem): string {
  const names = tabs.children.map((id) => (layout[id] ? componentName(layout[id]!) : null) ?? 'untitled');
  if (names.length === 0) return 'the tabs';
  const shown = names.slice(0, 2).map((n) => quote(short(n)));
  const more = names.length > 2 ? ` and ${names.length - 2} more` : '';
  return `the tabs ${shown.join(', ')}${more}`;
}

/** "2 charts", "a chart and a markdown", "nothing": what a row or column holds, counted by kind. */
function contentsPhrase(layout: Layout, item: LayoutItem): string {
  const counts = new Map<ComponentType, number>();
  for (const id of item.children) {
    const child = layout[id];
    if (child) counts.set(child.type, (counts.get(child.type) ?? 0) + 1);
  }
  const parts = [...counts.entries()].map(([type, n]) => count(n, KIND[type], type === 'TABS' ? 'tabs' : undefined));
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * "the chart 'Flights by origin'", "the tab 'Delays'", "the row with 2 charts", "a divider"; `fallback`
 * when the layout does not hold the component (no earlier events to know it from).
 */
export function componentPhrase(layout: Layout | undefined, id: string, fallback = 'a component'): string {
  const item = layout?.[id];
  if (!layout || !item) return fallback;
  if (id === ROOT_ID) return 'the dashboard';
  if (id === GRID_ID) return "the dashboard's grid";
  switch (item.type) {
    case 'ROW':
    case 'COLUMN': {
      const only = item.children.length === 1 ? layout[item.children[0]!] : undefined;
      // A row of one chart reads best as that chart's row.
      if (only && componentName(only) !== null)
        return `the ${KIND[item.type]} with ${componentPhrase(layout, only.id)}`;
      return item.children.length === 0
        ? `the empty ${KIND[item.type]}`
        : `the ${KIND[item.type]} with ${contentsPhrase(layout, item)}`;
    }
    case 'TABS':
      return tabsPhrase(layout, item);
    case 'DIVIDER':
    case 'DYNAMIC':
      return `a ${KIND[item.type]}`;
    default: {
      const name = componentName(item);
      return name === null ? `a ${KIND[item.type]}` : `the ${KIND[item.type]} ${quote(name)}`;
    }
  }
}

/** A component an event brings in, named from the event itself: "the chart 'Flights'", "a row", "a tab". */
export function newComponentPhrase(component: NewComponent): string {
  if (component.type === 'TABS') return 'a set of tabs';
  // A new tab or header shows its placeholder until someone types: that is no name yet.
  const typed = component.type === 'TAB' || component.type === 'HEADER' ? component.meta.text || null : null;
  const name = component.type === 'CHART' ? componentName(component) : typed;
  return name === null ? `a ${KIND[component.type]}` : `the ${KIND[component.type]} ${quote(name)}`;
}

/** What a component is, when only its type is known: "a chart", "a row". */
export function kindPhrase(type: ComponentType | undefined): string {
  return type === undefined ? 'a component' : type === 'TABS' ? 'a set of tabs' : `a ${KIND[type]}`;
}
