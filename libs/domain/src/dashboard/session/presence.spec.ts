import type { Peer } from '@strata/events';
import { GRID_ID } from '../layout/types';
import { LayoutBuilder } from '../testing/layout-builder';
import { otherEditors, selectionsByComponent } from './presence';

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
