/**
 * Issue 12 §3 and §5: what the later of two editors gets when their commands race, decided against the
 * current draft, and the root's one child whatever is dropped on it.
 */
import { DashboardMessages as M } from '../messages';
import { DraftSession } from '../testing/draft-session';
import { LayoutBuilder } from '../testing/layout-builder';
import { LayoutErrorCode as E, decideLayout } from './layout.decide';
import type { LayoutCommand } from './layout.commands';
import { evolveLayout } from './layout.decider';
import { GRID_ID, ROOT_ID } from './types';
import { layoutProblems } from './validate';
import { DomainError } from '@strata/events';

type Intent = Omit<LayoutCommand, 'actor'>;
const text = (id: string, value: string, baseText?: string): Intent => ({
  type: 'UpdateComponentText',
  data: { id, text: value, ...(baseText !== undefined ? { baseText } : {}) },
});
const markdown = (id: string, code: string, baseCode?: string): Intent => ({
  type: 'UpdateMarkdown',
  data: { id, code, ...(baseCode !== undefined ? { baseCode } : {}) },
});
const as = (actor: string, intent: Intent) => ({ ...intent, actor }) as LayoutCommand;

describe('two users typing in the same text (issue 12 §3)', () => {
  const session = () => {
    const s = new DraftSession();
    s.exec('alice', {
      type: 'CreateComponent',
      actor: 'alice',
      data: { id: 'MD', componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-MD' },
    });
    s.exec('alice', {
      type: 'CreateComponent',
      actor: 'alice',
      data: { id: 'H', componentType: 'HEADER', destination: { parentId: GRID_ID, index: 1 } },
    });
    s.exec('alice', {
      type: 'CreateComponent',
      actor: 'alice',
      data: { id: 'TABS', componentType: 'TABS', destination: { parentId: GRID_ID, index: 2 }, tabId: 'TAB' },
    });
    return s;
  };

  it('the later markdown edit made from an older text is refused with the reason; the first one stays', () => {
    const s = session();
    s.exec('alice', as('alice', markdown('MD', '# Alice', '')));
    const refusal = s.tryExec('bob', as('bob', markdown('MD', '# Bob', '')));
    expect(refusal).toEqual({ refused: E.TEXT_CHANGED });
    expect(s.state.layout.MD!.meta.code).toBe('# Alice');
    expect(() => decideLayout(as('bob', markdown('MD', '# Bob', '')), s.state.layout)).toThrow(
      new DomainError(E.TEXT_CHANGED, M.TEXT_CHANGED),
    );
  });

  it('header and tab titles alike; an edit made from the current text applies', () => {
    const s = session();
    s.exec('alice', as('alice', text('H', 'Sales', 'New header')));
    s.exec('alice', as('alice', text('TAB', 'Overview', '')));
    expect(s.tryExec('bob', as('bob', text('H', 'Revenue', 'New header')))).toEqual({ refused: E.TEXT_CHANGED });
    expect(s.tryExec('bob', as('bob', text('TAB', 'Summary', '')))).toEqual({ refused: E.TEXT_CHANGED });
    // Bob saw Alice's text and edits from it: no conflict.
    expect(s.tryExec('bob', as('bob', text('H', 'Revenue', 'Sales')))).toEqual(expect.any(String));
    expect(s.state.layout.H!.meta.text).toBe('Revenue');
    expect(s.state.layout.TAB!.meta.text).toBe('Overview');
  });

  it('typing what the other already typed is no conflict and no change; without a base an edit applies as before', () => {
    const s = session();
    s.exec('alice', as('alice', markdown('MD', '# Same', '')));
    expect(s.tryExec('bob', as('bob', markdown('MD', '# Same', '')))).toBeNull();
    expect(s.tryExec('bob', as('bob', markdown('MD', '# API', undefined)))).toEqual(expect.any(String));
    expect(s.state.layout.MD!.meta.code).toBe('# API');
  });

  it('undoing the first edit never brings back an overwrite: the refused text was never applied', () => {
    const s = session();
    s.exec('alice', as('alice', markdown('MD', '# Alice', '')));
    s.tryExec('bob', as('bob', markdown('MD', '# Bob', '')));
    s.undo('alice');
    expect(s.state.layout.MD!.meta.code).toBe('');
  });
});

describe('one user deletes a row while another drops into it (issue 12 §3)', () => {
  /** Tabs holding a row with a chart and a column; another chart in a row of its own. */
  const session = () => {
    const s = new DraftSession();
    const create = (data: Extract<LayoutCommand, { type: 'CreateComponent' }>['data']) =>
      s.exec('alice', { type: 'CreateComponent', actor: 'alice', data });
    create({ id: 'TABS', componentType: 'TABS', destination: { parentId: GRID_ID, index: 0 }, tabId: 'TAB' });
    create({
      id: 'CHART-1',
      componentType: 'CHART',
      chartId: 1,
      destination: { parentId: 'TAB', index: 0 },
      rowId: 'ROW',
    });
    create({ id: 'COL', componentType: 'COLUMN', destination: { parentId: 'ROW', index: 1 } });
    create({
      id: 'CHART-2',
      componentType: 'CHART',
      chartId: 2,
      destination: { parentId: GRID_ID, index: 1 },
      rowId: 'R2',
    });
    return s;
  };
  const drop = (id: string, parentId: string): LayoutCommand => ({
    type: 'CreateComponent',
    actor: 'bob',
    data: { id, componentType: 'MARKDOWN', destination: { parentId, index: 0 }, rowId: `ROW-${id}` },
  });
  const CASES = [
    ['ROW', 'ROW'],
    ['ROW', 'COL'],
    ['TAB', 'TAB'],
    ['TAB', 'ROW'],
    ['TAB', 'COL'],
  ];

  it.each(CASES)('after %s was deleted, a new component dropped into %s is refused', (deleted, parentId) => {
    const s = session();
    // Bob's drop was valid before the delete.
    expect(() => decideLayout(drop('MD-b', parentId), s.state.layout)).not.toThrow();
    s.exec('alice', { type: 'DeleteComponent', actor: 'alice', data: { id: deleted } });
    expect(s.tryExec('bob', drop('MD-b', parentId))).toEqual({ refused: E.DESTINATION_MISSING });
    expect(s.state.layout['MD-b']).toBeUndefined();
    expect(layoutProblems(s.state.layout)).toEqual([]);
  });

  it.each(CASES)(
    'after %s was deleted, a chart moved into %s is refused and stays where it was',
    (deleted, parentId) => {
      const s = session();
      const move: LayoutCommand = {
        type: 'MoveComponent',
        actor: 'bob',
        data: {
          id: 'CHART-2',
          source: { parentId: 'R2', index: 0 },
          destination: { parentId, index: 0 },
          rowId: 'ROW-m',
        },
      };
      expect(() => decideLayout(move, s.state.layout)).not.toThrow();
      s.exec('alice', { type: 'DeleteComponent', actor: 'alice', data: { id: deleted } });
      expect(s.tryExec('bob', move)).toEqual({ refused: E.DESTINATION_MISSING });
      expect(s.state.layout['CHART-2']!.parents).toEqual([ROOT_ID, GRID_ID, 'R2']);
    },
  );

  it('the other way round, the drop first: the delete takes the dropped component with the row, and undo brings both back', () => {
    const s = session();
    s.exec('bob', drop('MD-b', 'COL'));
    s.exec('alice', { type: 'DeleteComponent', actor: 'alice', data: { id: 'ROW' } });
    expect(s.state.layout['MD-b']).toBeUndefined();
    s.undo('alice');
    expect(s.state.layout['MD-b']!.parents).toEqual([ROOT_ID, GRID_ID, 'TABS', 'TAB', 'ROW', 'COL']);
  });
});

describe('the root keeps exactly one child (issue 12 §5)', () => {
  const tabsOnRoot = (id: string): Intent => ({
    type: 'CreateComponent',
    data: { id, componentType: 'TABS', destination: { parentId: ROOT_ID, index: 1 }, tabId: `TAB-${id}` },
  });

  it('new tabs dropped on the root become the top-level tabs, with the grid’s content in their first tab', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).run(tabsOnRoot('TABS-top'));
    expect(b.layout[ROOT_ID]!.children).toEqual(['TABS-top']);
    expect(b.layout['TAB-TABS-top']!.children).toEqual(['ROW-CHART-1']);
    expect(b.layout[GRID_ID]).toBeUndefined();
    expect(layoutProblems(b.layout)).toEqual([]);
    // Once there are top-level tabs, more tabs on the root are refused, as converting again is.
    expect(b.refusal(tabsOnRoot('TABS-again'))).toBe(E.TOP_LEVEL_TABS);
  });

  it('anything else dropped or moved onto the root is refused; existing tabs are not moved up', () => {
    const b = new LayoutBuilder().chart(1, GRID_ID).add('TABS', 'TABS-n', GRID_ID).add('HEADER', 'H', GRID_ID);
    for (const type of ['CHART', 'MARKDOWN', 'HEADER', 'DIVIDER', 'ROW', 'COLUMN', 'TAB'] as const) {
      const create: Intent = {
        type: 'CreateComponent',
        data: { id: `${type}-r`, componentType: type, destination: { parentId: ROOT_ID, index: 0 }, chartId: 9 },
      };
      expect(b.refusal(create)).toBe(E.DROP_FORBIDDEN);
    }
    for (const id of ['CHART-1', 'ROW-CHART-1', 'H', 'TAB-TABS-n'])
      expect(b.refusal({ type: 'MoveComponent', data: { id, destination: { parentId: ROOT_ID, index: 0 } } })).toBe(
        E.DROP_FORBIDDEN,
      );
    expect(() =>
      decideLayout(
        { type: 'MoveComponent', actor: 'alice', data: { id: 'TABS-n', destination: { parentId: ROOT_ID, index: 0 } } },
        b.layout,
      ),
    ).toThrow(new DomainError(E.TOP_LEVEL_TABS, M.TABS_TO_TOP_LEVEL));
    expect(b.layout[ROOT_ID]!.children).toEqual([GRID_ID]);
  });

  it('an event that would give the root a second child is skipped by evolve (logs written before the rule)', () => {
    const b = new LayoutBuilder();
    const old = {
      type: 'dashboard/componentCreated' as const,
      data: {
        actor: 'alice',
        parentId: ROOT_ID,
        index: 1,
        component: { id: 'TABS-x', type: 'TABS' as const, meta: {} },
        childTab: { id: 'TAB-x', type: 'TAB' as const, meta: {} },
      },
    };
    expect(evolveLayout(b.layout, old)).toBe(b.layout);
  });
});
