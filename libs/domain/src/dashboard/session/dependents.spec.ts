import { HISTORY_REDONE, HISTORY_UNDONE } from '@strata/events';
import type { LayoutCommand } from '../layout/layout.commands';
import { GRID_ID } from '../layout/types';
import { DraftSession } from '../testing/draft-session';
import type { DraftCommand, OwnChangesDiscarded } from './draft.model';
import { undoBlockedBySave } from './save-notice';
import {
  checkDraftHistory,
  draftRedoCommand,
  draftUndoCommand,
  historyBlockedBy,
  historyRefusal,
  historyBlockedText,
} from './undo';

type Create = Extract<LayoutCommand, { type: 'CreateComponent' }>['data'];
const create = (data: Create): DraftCommand => ({ type: 'CreateComponent', actor: '', data });
const markdown = (id: string) =>
  create({ id, componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 0 }, rowId: `ROW-${id}` });
const type = (id: string, code: string): DraftCommand => ({ type: 'UpdateMarkdown', actor: '', data: { id, code } });
const tabs = (id: string) =>
  create({ id, componentType: 'TABS', destination: { parentId: GRID_ID, index: 0 }, tabId: `TAB-${id}` });
const discardMine: DraftCommand = { type: 'DiscardMyChanges', actor: '', data: { at: 't' } };
const has = (s: DraftSession, id: string) => s.state.layout[id] !== undefined;
const discardOf = (s: DraftSession) =>
  s.log.entries.filter((e) => e.type === 'dashboard/ownChangesDiscarded').at(-1) as unknown as OwnChangesDiscarded;

describe("an undo never takes another editor's work with it (issue 12)", () => {
  it("given Carol typed in Alice's markdown, when Alice undoes it, then the undo is refused and names Carol", () => {
    const s = new DraftSession();
    const added = s.exec('alice', markdown('MD-a'))!;
    s.exec('carol', type('MD-a', "carol's text"));
    expect(draftUndoCommand(s.log.entries, 'alice')).toBeNull();
    expect(s.undo('alice')).toBe(false);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['carol']);
    // The server's gate refuses the marker a client might send anyway.
    const marker = { type: HISTORY_UNDONE, data: { batchId: added } };
    expect(checkDraftHistory(s.log.entries, 'alice', marker)).toBe('others_depend');
    expect(s.state.layout['MD-a']!.meta.code).toBe("carol's text");
    expect(historyBlockedText(['carol'], 'alice', 'Undo', (id) => id[0]!.toUpperCase() + id.slice(1))).toBe(
      'Carol has since changed this; undoing it would remove their work.',
    );
    expect(historyBlockedText(['carol', 'bob'], 'alice', 'Redo')).toBe(
      'Another editor has since changed this; redoing it would remove their work.',
    );
  });

  it("given Carol's tab and Bob's divider in Alice's Tabs, when Alice undoes the Tabs, then it is refused", () => {
    const s = new DraftSession();
    s.exec('alice', tabs('TABS-a'));
    s.exec('carol', create({ id: 'TAB-c', componentType: 'TAB', destination: { parentId: 'TABS-a', index: 1 } }));
    s.exec(
      'bob',
      create({ id: 'DIVIDER-b', componentType: 'DIVIDER', destination: { parentId: 'TAB-TABS-a', index: 0 } }),
    );
    expect(s.undo('alice')).toBe(false);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['carol', 'bob']);
    expect([has(s, 'TABS-a'), has(s, 'TAB-c'), has(s, 'DIVIDER-b')]).toEqual([true, true, true]);
  });

  it("given Bob moved his markdown into Alice's tab, when Alice undoes the tab, then it is refused (no jump back)", () => {
    const s = new DraftSession();
    s.exec('bob', markdown('MD-b'));
    s.exec('alice', tabs('TABS-a'));
    s.exec('bob', {
      type: 'MoveComponent',
      actor: '',
      data: { id: 'MD-b', destination: { parentId: 'TAB-TABS-a', index: 0 }, rowId: 'ROW-moved' },
    } as DraftCommand);
    const parents = s.state.layout['MD-b']!.parents;
    expect(parents).toContain('TAB-TABS-a');
    expect(s.undo('alice')).toBe(false);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['bob']);
    expect(s.state.layout['MD-b']!.parents).toEqual(parents);
  });

  it('an undo others built on is not explained as one blocked by a save', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MD-a1'));
    s.exec('bob', { type: 'SaveDraft', actor: '', data: { at: 't' } });
    s.exec('alice', markdown('MD-a2'));
    s.exec('carol', type('MD-a2', 'x'));
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['carol']);
    expect(undoBlockedBySave(s.log.entries, 'alice')).toBeNull();
  });

  it('an undo nobody built on goes through, and so does one whose dependent only removed the thing', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MD-a'));
    s.exec('carol', markdown('MD-c'));
    s.exec('carol', type('MD-c', 'mine'));
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toBeNull();
    expect(s.undo('alice')).toBe(true);
    expect(s.redo('alice')).toBe(true);
    // Carol deleted Alice's markdown: undoing its creation loses nothing of Carol's.
    s.exec('carol', { type: 'DeleteComponent', actor: '', data: { id: 'MD-a' } });
    expect(s.undo('alice')).toBe(true);
  });

  it("a redo that would undo Carol's work is refused: Alice's delete, undone, then Carol typed in the markdown", () => {
    const s = new DraftSession();
    s.exec('carol', markdown('MD-c'));
    const deleted = s.exec('alice', { type: 'DeleteComponent', actor: '', data: { id: 'MD-c' } })!;
    expect(s.undo('alice')).toBe(true);
    s.exec('carol', type('MD-c', 'kept'));
    expect(draftRedoCommand(s.log.entries, 'alice')).toBeNull();
    expect(historyBlockedBy(s.log.entries, 'alice', 'Redo')).toEqual(['carol']);
    expect(checkDraftHistory(s.log.entries, 'alice', { type: HISTORY_REDONE, data: { batchId: deleted } })).toBe(
      'others_depend',
    );
    expect(s.state.layout['MD-c']!.meta.code).toBe('kept');
  });
});

describe('a step whose place was removed since is not brought back (chaos e2e, CHAOS_SEED=135089711)', () => {
  const divider = create({
    id: 'DIVIDER-b',
    componentType: 'DIVIDER',
    destination: { parentId: 'TAB-TABS-a', index: 0 },
  });

  it("given Bob undid his divider in Alice's tab and Alice then undid the tab, when Bob redoes, then it is refused", () => {
    const s = new DraftSession();
    s.exec('alice', tabs('TABS-a'));
    const bobs = s.exec('bob', divider)!;
    expect(s.undo('bob')).toBe(true);
    expect(s.undo('alice')).toBe(true);
    expect(draftRedoCommand(s.log.entries, 'bob')).toBeNull();
    expect(s.redo('bob')).toBe(false);
    expect(historyRefusal(s.log.entries, 'bob', 'Redo')?.reason).toBe('base_removed');
    expect(historyBlockedBy(s.log.entries, 'bob', 'Redo')).toBeNull();
    expect(checkDraftHistory(s.log.entries, 'bob', { type: HISTORY_REDONE, data: { batchId: bobs } })).toBe(
      'base_removed',
    );
    // Once Alice redoes her tab, Bob's divider has its place again.
    expect(s.redo('alice')).toBe(true);
    expect(historyRefusal(s.log.entries, 'bob', 'Redo')?.reason).not.toBe('base_removed');
    expect(s.redo('bob')).toBe(true);
    expect(has(s, 'DIVIDER-b')).toBe(true);
  });

  it("given Bob discarded his divider in Alice's tab and Alice then undid the tab, when Bob undoes the discard, then it is refused", () => {
    const s = new DraftSession();
    s.exec('alice', tabs('TABS-a'));
    s.exec('bob', divider);
    const discard = s.exec('bob', discardMine)!;
    expect(s.undo('alice')).toBe(true);
    expect(draftUndoCommand(s.log.entries, 'bob')).toBeNull();
    expect(historyRefusal(s.log.entries, 'bob', 'Undo')?.reason).toBe('base_removed');
    expect(checkDraftHistory(s.log.entries, 'bob', { type: HISTORY_UNDONE, data: { batchId: discard } })).toBe(
      'base_removed',
    );
  });

  it('a redo of a delete whose component is gone anyway still goes through (nothing of anyone is lost)', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MD-a'));
    s.exec('bob', { type: 'DeleteComponent', actor: '', data: { id: 'MD-a' } });
    expect(s.undo('bob')).toBe(true);
    s.exec('carol', { type: 'DeleteComponent', actor: '', data: { id: 'MD-a' } });
    expect(historyRefusal(s.log.entries, 'bob', 'Redo')?.reason).not.toBe('base_removed');
    expect(s.redo('bob')).toBe(true);
  });
});

describe('discard my changes keeps what others built on (issue 12)', () => {
  it("given Carol typed in Alice's first markdown, when Alice discards, then it stays, counted as kept; undo restores exactly the rest", () => {
    const s = new DraftSession();
    const first = s.exec('alice', markdown('MD-a1'))!;
    s.exec('carol', type('MD-a1', "carol's text"));
    s.exec('alice', markdown('MD-a2'));
    s.exec('alice', type('MD-a2', 'alone'));
    s.exec('alice', discardMine);
    expect(discardOf(s).data.kept).toEqual([first]);
    expect(discardOf(s).data.batchIds).toHaveLength(2);
    expect([has(s, 'MD-a1'), has(s, 'MD-a2')]).toEqual([true, false]);
    expect(s.state.layout['MD-a1']!.meta.code).toBe("carol's text");
    expect(s.undo('alice')).toBe(true);
    expect(s.state.layout['MD-a2']!.meta.code).toBe('alone');
    expect(s.state.changes.map((c) => c.actor)).toEqual(['alice', 'carol', 'alice', 'alice']);
    expect(s.redo('alice')).toBe(true);
    expect([has(s, 'MD-a1'), has(s, 'MD-a2')]).toEqual([true, false]);
  });

  it("keeps Alice's Tabs when the tab she added in them holds Bob's move (a chain of her own batches)", () => {
    const s = new DraftSession();
    s.exec('bob', markdown('MD-b'));
    s.exec('alice', tabs('TABS-a'));
    s.exec('alice', create({ id: 'TAB-a2', componentType: 'TAB', destination: { parentId: 'TABS-a', index: 1 } }));
    s.exec('alice', markdown('MD-a'));
    s.exec('bob', {
      type: 'MoveComponent',
      actor: '',
      data: { id: 'MD-b', destination: { parentId: 'TAB-a2', index: 0 }, rowId: 'ROW-moved' },
    } as DraftCommand);
    s.exec('alice', discardMine);
    expect(discardOf(s).data.kept).toHaveLength(2);
    expect([has(s, 'TABS-a'), has(s, 'TAB-a2'), has(s, 'MD-a')]).toEqual([true, true, false]);
    expect(s.state.layout['MD-b']!.parents).toContain('TAB-a2');
  });

  it('when everything is kept, the discard takes nothing and is no undo step', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MD-a'));
    s.exec('carol', type('MD-a', 'x'));
    s.exec('alice', discardMine);
    expect(discardOf(s).data).toMatchObject({ batchIds: [], kept: [expect.any(String)] });
    expect(has(s, 'MD-a')).toBe(true);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['carol']);
  });

  it('the undo of a discard is refused when Carol since changed what it would take back', () => {
    const s = new DraftSession();
    s.exec('carol', markdown('MD-c'));
    s.exec('alice', { type: 'DeleteComponent', actor: '', data: { id: 'MD-c' } });
    s.exec('alice', discardMine);
    s.exec('carol', type('MD-c', 'kept'));
    expect(s.undo('alice')).toBe(false);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['carol']);
    expect(s.state.layout['MD-c']!.meta.code).toBe('kept');
  });
});
