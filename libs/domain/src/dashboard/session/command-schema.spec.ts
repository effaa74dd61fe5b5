import { DomainError } from '@strata/events';
import fc from 'fast-check';
import { GRID_ID } from '../layout/types';
import { DraftSession } from '../testing/draft-session';
import { parseDraftCommand } from './command-schema';
import { decideDraft } from './draft.decider';

describe('draft commands from clients', () => {
  it('a valid payload becomes a command of the authenticated actor', () => {
    const parsed = parseDraftCommand(
      { type: 'MoveComponent', data: { id: 'CHART-1', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-x' } },
      'alice',
    );
    expect(parsed).toEqual({
      ok: true,
      command: {
        type: 'MoveComponent',
        actor: 'alice',
        data: { id: 'CHART-1', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-x' },
      },
    });
  });

  it('bad payloads are refused with the field named; server-only commands are not accepted', () => {
    const bad = [
      null,
      { type: 'Nope', data: {} },
      { type: 'StartDraft', data: {} },
      { type: 'RestoreVersion', data: { version: 1, layout: {} } },
      { type: 'ResizeComponent', data: { id: 'x', width: 1.5 } },
      { type: 'MoveComponent', data: { id: 'x', destination: { parentId: 'y', index: -1 } } },
      { type: 'CreateComponent', data: { id: 'x', componentType: 'ROOT', destination: { parentId: 'y', index: 0 } } },
      { type: 'SetHeaderSize', data: { id: 'x', headerSize: 'HUGE' } },
      { type: 'DeleteComponent', data: { id: 'x', actor: 'mallory' } },
    ];
    for (const input of bad) expect(parseDraftCommand(input, 'alice').ok).toBe(false);
    const result = parseDraftCommand({ type: 'ResizeComponent', data: { id: 'x', width: 'wide' } }, 'a');
    expect(result.ok ? [] : result.problems).toEqual([expect.stringMatching(/^data\.width/)]);
  });

  it('text edits carry the text they started from (issue 12 §3); without it they parse as before', () => {
    const withBase = parseDraftCommand(
      { type: 'UpdateMarkdown', data: { id: 'MD', code: '# b', baseCode: '# a' } },
      'bob',
    );
    expect(withBase).toEqual({
      ok: true,
      command: { type: 'UpdateMarkdown', actor: 'bob', data: { id: 'MD', code: '# b', baseCode: '# a' } },
    });
    const title = parseDraftCommand(
      { type: 'UpdateComponentText', data: { id: 'TAB', text: 'b', baseText: '' } },
      'bob',
    );
    expect(title.ok && title.command.data).toEqual({ id: 'TAB', text: 'b', baseText: '' });
    expect(parseDraftCommand({ type: 'UpdateComponentText', data: { id: 'H', text: 'b' } }, 'bob').ok).toBe(true);
    const wrong = [
      { type: 'UpdateComponentText', data: { id: 'H', text: 'b', baseText: 3 } },
      { type: 'UpdateComponentText', data: { id: 'H', text: 'b', baseCode: 'a' } },
      { type: 'UpdateMarkdown', data: { id: 'MD', code: 'b', baseText: 'a' } },
      { type: 'UpdateMarkdown', data: { id: 'MD', code: 'b', baseCode: 'x'.repeat(65_536) } },
    ];
    for (const input of wrong) expect(parseDraftCommand(input, 'bob').ok).toBe(false);
  });

  it('whatever a client sends, the server either refuses it or decides it: no crash', () => {
    const session = new DraftSession();
    session.exec('a', {
      type: 'CreateComponent',
      actor: 'a',
      data: {
        id: 'CHART-1',
        componentType: 'CHART',
        chartId: 1,
        destination: { parentId: GRID_ID, index: 0 },
        rowId: 'ROW-1',
      },
    });
    const ids = fc.constantFrom('CHART-1', 'ROW-1', GRID_ID, 'ROOT_ID', 'HEADER_ID', 'NOPE', 'ROW-2');
    const payload = fc.record({
      type: fc.constantFrom(
        'CreateComponent',
        'MoveComponent',
        'ResizeComponent',
        'DeleteComponent',
        'UpdateComponentText',
        'UpdateMarkdown',
        'SetBackground',
        'ConvertToTopLevelTabs',
        'RemoveTopLevelTabs',
        'SaveDraft',
        'DiscardDraft',
      ),
      data: fc.record(
        {
          id: ids,
          componentType: fc.constantFrom('CHART', 'ROW', 'TAB', 'TABS', 'HEADER'),
          destination: fc.record({ parentId: ids, index: fc.nat(5) }),
          rowId: ids,
          tabId: ids,
          tabsId: ids,
          chartId: fc.integer({ min: 1, max: 3 }),
          width: fc.integer({ min: -2, max: 14 }),
          text: fc.string(),
          baseText: fc.constantFrom('', 'New header', 'other'),
          code: fc.string(),
          baseCode: fc.constantFrom('', 'other'),
          background: fc.constantFrom('BACKGROUND_WHITE', 'BACKGROUND_TRANSPARENT'),
          at: fc.constant('2026-01-01T00:00:00Z'),
        },
        { requiredKeys: [] },
      ),
    });
    // Keep the keys each command knows, so most payloads get past the schema and reach decide.
    const keys: Record<string, string[]> = {
      CreateComponent: ['id', 'componentType', 'destination', 'rowId', 'tabId', 'chartId'],
      MoveComponent: ['id', 'destination', 'rowId'],
      ResizeComponent: ['id', 'width'],
      DeleteComponent: ['id'],
      UpdateComponentText: ['id', 'text', 'baseText'],
      UpdateMarkdown: ['id', 'code', 'baseCode'],
      SetBackground: ['id', 'background'],
      ConvertToTopLevelTabs: ['tabsId', 'tabId'],
      RemoveTopLevelTabs: [],
      SaveDraft: ['at'],
      DiscardDraft: ['at'],
    };
    let decided = 0;
    fc.assert(
      fc.property(payload, ({ type, data }) => {
        const input = { type, data: Object.fromEntries(Object.entries(data).filter(([k]) => keys[type]!.includes(k))) };
        const parsed = parseDraftCommand(input, 'bob');
        if (!parsed.ok) return;
        decided += 1;
        try {
          decideDraft(parsed.command, session.state);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 1000 },
    );
    expect(decided).toBeGreaterThan(300);
  });
});
