import { emptyLayout } from './factory';
import { depthOf, isValidChild, shouldWrapInRow } from './nesting';
import { COMPONENT_TYPES, GRID_ID, ROOT_ID } from './types';
import { LayoutBuilder } from '../testing/layout-builder';

describe('REFERENCE §3.2 nesting rules', () => {
  it('ROOT takes a grid or tabs, at depth 0 only', () => {
    expect(isValidChild('ROOT', 'GRID', 0)).toBe(true);
    expect(isValidChild('ROOT', 'TABS', 0)).toBe(true);
    expect(isValidChild('ROOT', 'ROW', 0)).toBe(false);
    expect(isValidChild('ROOT', 'GRID', 1)).toBe(false);
  });

  it('GRID takes content, rows and tabs up to parent depth 1', () => {
    for (const child of ['CHART', 'DYNAMIC', 'MARKDOWN', 'COLUMN', 'DIVIDER', 'HEADER', 'ROW', 'TABS'] as const) {
      expect(isValidChild('GRID', child, 1)).toBe(true);
      expect(isValidChild('GRID', child, 2)).toBe(false);
    }
    expect(isValidChild('GRID', 'TAB', 1)).toBe(false);
    expect(isValidChild('GRID', 'GRID', 1)).toBe(false);
  });

  it('ROW takes charts, markdown and columns up to depth 4, never headers, dividers, rows or tabs', () => {
    expect(isValidChild('ROW', 'CHART', 4)).toBe(true);
    expect(isValidChild('ROW', 'COLUMN', 4)).toBe(true);
    expect(isValidChild('ROW', 'CHART', 5)).toBe(false);
    for (const child of ['HEADER', 'DIVIDER', 'ROW', 'TABS', 'TAB'] as const)
      expect(isValidChild('ROW', child, 2)).toBe(false);
  });

  it('TABS takes only tabs (≤ 3); TAB takes content (≤ 5) and containers (≤ 3)', () => {
    expect(isValidChild('TABS', 'TAB', 3)).toBe(true);
    expect(isValidChild('TABS', 'TAB', 4)).toBe(false);
    expect(isValidChild('TABS', 'ROW', 1)).toBe(false);
    expect(isValidChild('TAB', 'CHART', 5)).toBe(true);
    expect(isValidChild('TAB', 'DIVIDER', 5)).toBe(true);
    expect(isValidChild('TAB', 'ROW', 3)).toBe(true);
    expect(isValidChild('TAB', 'ROW', 4)).toBe(false);
    expect(isValidChild('TAB', 'TABS', 3)).toBe(true);
    expect(isValidChild('TAB', 'TAB', 1)).toBe(false);
  });

  it('COLUMN takes charts, headers, markdown (≤ 5) and rows, dividers, tabs (≤ 3)', () => {
    expect(isValidChild('COLUMN', 'HEADER', 5)).toBe(true);
    expect(isValidChild('COLUMN', 'ROW', 3)).toBe(true);
    expect(isValidChild('COLUMN', 'ROW', 4)).toBe(false);
    expect(isValidChild('COLUMN', 'DIVIDER', 4)).toBe(false);
    expect(isValidChild('COLUMN', 'COLUMN', 3)).toBe(false);
  });

  it('leaf types take no children at any depth', () => {
    for (const parent of ['CHART', 'DYNAMIC', 'DIVIDER', 'HEADER', 'MARKDOWN'] as const) {
      for (const child of COMPONENT_TYPES) expect(isValidChild(parent, child, 0)).toBe(false);
    }
  });

  it('a depth that is not a whole non-negative number is never valid', () => {
    expect(isValidChild('GRID', 'ROW', -1)).toBe(false);
    expect(isValidChild('GRID', 'ROW', 0.5)).toBe(false);
  });

  it('depths: root 0 > grid 1 > row 2 > column 3 > row 4 > chart 5; tabs and nested tab keep the depth', () => {
    const b = new LayoutBuilder()
      .add('COLUMN', 'COLUMN-a', GRID_ID)
      .add('ROW', 'ROW-in', 'COLUMN-a')
      .chart(1, 'ROW-in')
      .add('TABS', 'TABS-n', GRID_ID);
    const l = b.layout;
    expect(depthOf(l, ROOT_ID)).toBe(0);
    expect(depthOf(l, GRID_ID)).toBe(1);
    expect(depthOf(l, 'ROW-COLUMN-a')).toBe(2);
    expect(depthOf(l, 'COLUMN-a')).toBe(3);
    expect(depthOf(l, 'ROW-in')).toBe(4);
    expect(depthOf(l, 'CHART-1')).toBe(5);
    expect(depthOf(l, 'TABS-n')).toBe(2);
    expect(depthOf(l, 'TAB-TABS-n')).toBe(2);
  });

  it('a top-level tab is a grid of its own: its rows are at depth 2', () => {
    const b = new LayoutBuilder()
      .run({ type: 'ConvertToTopLevelTabs', data: { tabsId: 'TABS-top', tabId: 'TAB-1' } })
      .add('ROW', 'ROW-x', 'TAB-1');
    expect(depthOf(b.layout, 'TABS-top')).toBe(1);
    expect(depthOf(b.layout, 'TAB-1')).toBe(1);
    expect(depthOf(b.layout, 'ROW-x')).toBe(2);
  });

  it('charts-dashboards-reports §4: charts, markdown and columns dropped on the grid or a tab are wrapped in a row', () => {
    expect(shouldWrapInRow('GRID', 'CHART')).toBe(true);
    expect(shouldWrapInRow('TAB', 'MARKDOWN')).toBe(true);
    expect(shouldWrapInRow('GRID', 'COLUMN')).toBe(true);
    expect(shouldWrapInRow('GRID', 'HEADER')).toBe(false);
    expect(shouldWrapInRow('ROW', 'CHART')).toBe(false);
    expect(shouldWrapInRow('COLUMN', 'CHART')).toBe(false);
  });

  it('emptyLayout is ROOT > GRID plus the title holder', () => {
    const l = emptyLayout();
    expect(l[ROOT_ID]!.children).toEqual([GRID_ID]);
    expect(l[GRID_ID]!.parents).toEqual([ROOT_ID]);
    expect(l.HEADER_ID!.meta.text).toBe('[ untitled dashboard ]');
  });
});
