import type { Peer } from '@strata/events';
import { GRID_ID } from '../layout/types';
import { LayoutBuilder } from '../testing/layout-builder';
import { otherEditors, selectionsByComponent, selectionsByEditor } from './presence';

const peer = (userId: number, username: string, sessionId: string, mode: string, selection: string[] = []): Peer => ({
  userId,
  username,
  sessionId,
  state: { mode, selection },
});

describe('edit session presence', () => {
  const layout = new LayoutBuilder().chart(1, GRID_ID).chart(2, GRID_ID).layout;
  const peers = [
    peer(1, 'me', 's-me', 'editing', ['CHART-1']),
    peer(3, 'carol', 's-c', 'viewing', ['CHART-2']),
    peer(2, 'bob', 's-b1', 'editing', ['CHART-1']),
    peer(2, 'bob', 's-b2', 'editing', ['CHART-2', 'CHART-gone']),
    peer(4, 'alice', 's-a', 'editing', []),
  ];

  it('lists the other editors once each, by name; viewers and myself are not editors here', () => {
    expect(otherEditors(peers, 's-me').map((p) => p.username)).toEqual(['alice', 'bob']);
  });

  it('shows who selected which component, dropping selections of deleted components', () => {
    const selections = selectionsByComponent(peers, layout, 's-me');
    expect(Object.keys(selections).sort()).toEqual(['CHART-1', 'CHART-2']);
    expect(selections['CHART-1']!.map((p) => p.username)).toEqual(['bob']);
    expect(selections['CHART-2']!.map((p) => p.username)).toEqual(['bob']);
  });
});

describe('what another editor has selected, in words', () => {
  const layout = new LayoutBuilder()
    .chart(1, GRID_ID)
    .add('MARKDOWN', 'MARKDOWN-notes', GRID_ID)
    .add('HEADER', 'HEADER-title', GRID_ID)
    .add('DIVIDER', 'DIVIDER-line', GRID_ID)
    .run({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-notes', code: '\n## Notes on   revenue\nmore' } })
    .run({ type: 'UpdateComponentText', data: { id: 'HEADER-title', text: 'A'.repeat(60) } }).layout;
  const peers = [
    peer(2, 'bob', 's-b1', 'editing', ['CHART-1', 'MARKDOWN-notes']),
    peer(2, 'bob', 's-b2', 'editing', ['DIVIDER-line']),
    peer(4, 'alice', 's-a', 'editing', ['HEADER-title', 'CHART-gone']),
  ];

  it('names each editor’s components: a chart’s title, a markdown’s first line, a header’s text, shortened', () => {
    const byEditor = selectionsByEditor(selectionsByComponent(peers, layout, 's-me'), layout);
    expect(byEditor[2]).toEqual([
      { id: 'CHART-1', type: 'CHART', name: 'Chart 1' },
      { id: 'MARKDOWN-notes', type: 'MARKDOWN', name: 'Notes on   revenue' },
      { id: 'DIVIDER-line', type: 'DIVIDER', name: null },
    ]);
    expect(byEditor[4]).toEqual([{ id: 'HEADER-title', type: 'HEADER', name: `${'A'.repeat(39)}…` }]);
  });
});
