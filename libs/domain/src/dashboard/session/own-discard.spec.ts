import { createUpcaster, envelopeBatch, HISTORY_REDONE, HISTORY_UNDONE } from '@strata/events';
import { GRID_ID } from '../layout/types';
import { DraftSession, STREAM } from '../testing/draft-session';
import { DraftErrorCode, hasUnsavedChanges } from './draft.decider';
import type { DraftCommand } from './draft.model';
import { discardAllQuestion, discardNoticeOf, discardNoticeText, unsavedChangesByActor } from './discard-notice';
import { draftSessionUpcasters } from './upcasters';
import { checkDraftHistory, draftRedoCommand, draftUndoCommand } from './undo';

const markdown = (id: string): DraftCommand => ({
  type: 'CreateComponent',
  actor: '',
  data: { id, componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 99 }, rowId: `ROW-${id}` },
});
const discardMine: DraftCommand = { type: 'DiscardMyChanges', actor: '', data: { at: 't' } };
const discardAll: DraftCommand = { type: 'DiscardDraft', actor: '', data: { at: 't' } };
const has = (s: DraftSession, id: string) => s.state.layout[id] !== undefined;

describe('discard is per user (issue 12)', () => {
  it("given Alice's and Bob's edits, when Alice discards hers, then only hers go and Bob's stay", () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MARKDOWN-a1'));
    s.exec('bob', markdown('MARKDOWN-b'));
    s.exec('alice', { type: 'UpdateMarkdown', actor: '', data: { id: 'MARKDOWN-a1', code: 'hi' } });
    s.exec('alice', markdown('MARKDOWN-a2'));
    s.exec('alice', discardMine);
    expect([has(s, 'MARKDOWN-a1'), has(s, 'MARKDOWN-a2'), has(s, 'MARKDOWN-b')]).toEqual([false, false, true]);
    expect(s.state.changes.map((c) => c.actor)).toEqual(['bob']);
    expect(hasUnsavedChanges(s.state)).toBe(true);
    // Bob's own undo is untouched.
    expect(s.undo('bob')).toBe(true);
    expect(has(s, 'MARKDOWN-b')).toBe(false);
  });

  it('when Alice undoes the discard, then all her edits come back in one step, and redo discards them again', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MARKDOWN-a1'));
    s.exec('alice', { type: 'UpdateMarkdown', actor: '', data: { id: 'MARKDOWN-a1', code: 'hi' } });
    s.exec('bob', markdown('MARKDOWN-b'));
    s.exec('alice', markdown('MARKDOWN-a2'));
    const discard = s.exec('alice', discardMine)!;
    expect(draftUndoCommand(s.log.entries, 'alice')).toEqual({ type: HISTORY_UNDONE, data: { batchId: discard } });
    expect(draftRedoCommand(s.log.entries, 'alice')).toBeNull();
    expect(s.undo('alice')).toBe(true);
    expect(s.state.layout['MARKDOWN-a1']!.meta.code).toBe('hi');
    expect([has(s, 'MARKDOWN-a2'), has(s, 'MARKDOWN-b')]).toEqual([true, true]);
    expect(s.state.changes).toHaveLength(4);
    // Her next undo is her latest edit again; redo right after the restore discards again.
    expect(s.redo('alice')).toBe(true);
    expect([has(s, 'MARKDOWN-a1'), has(s, 'MARKDOWN-a2'), has(s, 'MARKDOWN-b')]).toEqual([false, false, true]);
    expect(s.undo('alice')).toBe(true);
    expect(s.undo('alice')).toBe(true);
    expect([has(s, 'MARKDOWN-a1'), has(s, 'MARKDOWN-a2')]).toEqual([true, false]);
  });

  it('an edit made after the discard is undone first, then the discard', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MARKDOWN-a1'));
    s.exec('alice', discardMine);
    s.exec('alice', markdown('MARKDOWN-a2'));
    expect(s.undo('alice')).toBe(true);
    expect([has(s, 'MARKDOWN-a1'), has(s, 'MARKDOWN-a2')]).toEqual([false, false]);
    expect(s.undo('alice')).toBe(true);
    expect(has(s, 'MARKDOWN-a1')).toBe(true);
    expect(s.undo('alice')).toBe(true);
    expect(has(s, 'MARKDOWN-a1')).toBe(false);
    expect(s.undo('alice')).toBe(false);
  });

  it('only the author undoes a discard, only as their next step; nothing of theirs: no events', () => {
    const s = new DraftSession();
    expect(s.exec('alice', discardMine)).toBeNull();
    s.exec('alice', markdown('MARKDOWN-a1'));
    const discard = s.exec('alice', discardMine)!;
    const undo = { type: HISTORY_UNDONE, data: { batchId: discard } };
    expect(checkDraftHistory(s.log.entries, 'bob', undo)).toBe('not_owner');
    expect(checkDraftHistory(s.log.entries, 'alice', undo)).toBeNull();
    expect(checkDraftHistory(s.log.entries, 'alice', { type: HISTORY_REDONE, data: { batchId: discard } })).toBe(
      'not_undoable',
    );
  });

  it("a client's optimistic undo marker alone changes nothing and is not offered twice", () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MARKDOWN-a1'));
    const discard = s.exec('alice', discardMine)!;
    // What a browser appends as pending before the server's restore batch replaces it.
    s.log.append(
      envelopeBatch(
        [{ type: HISTORY_UNDONE, data: { batchId: discard } }],
        { actor: 'alice', at: 't', batchId: 'pending', undoable: false },
        { stream: STREAM, version: s.log.length + 1 },
      ),
    );
    expect(has(s, 'MARKDOWN-a1')).toBe(false);
    expect(draftUndoCommand(s.log.entries, 'alice')).toBeNull();
  });

  it('a save ends the discard as an undo step like any other', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MARKDOWN-a1'));
    s.exec('bob', markdown('MARKDOWN-b'));
    s.exec('alice', discardMine);
    s.exec('bob', { type: 'SaveDraft', actor: '', data: { at: 't' } });
    expect(draftUndoCommand(s.log.entries, 'alice')).toBeNull();
  });
});

describe("an owner discards everyone's draft, and it stays recoverable", () => {
  it('given edits by two users, the discard keeps the dropped layout and edits, and restoring brings them back', () => {
    const s = new DraftSession();
    s.exec('bob', markdown('MARKDOWN-b'));
    s.exec('bob', { type: 'UpdateMarkdown', actor: '', data: { id: 'MARKDOWN-b', code: 'bob' } });
    s.exec('alice', markdown('MARKDOWN-a'));
    const dropped = s.state.layout;
    expect(unsavedChangesByActor(s.state.changes)).toEqual([
      { actor: 'bob', count: 2 },
      { actor: 'alice', count: 1 },
    ]);
    s.exec('alice', discardAll);
    expect([has(s, 'MARKDOWN-b'), hasUnsavedChanges(s.state)]).toEqual([false, false]);
    const info = s.state.discardedDrafts[0]!;
    expect(info).toMatchObject({ discard: 1, version: 1, discardedBy: 'alice', restorable: true });
    expect(discardNoticeText(discardNoticeOf(info, 'bob')!, 'Alice')).toBe(
      'Alice discarded the draft, including 2 of your changes. Restore it from version history.',
    );
    expect(discardNoticeOf(info, 'alice')).toBeNull();
    s.exec('bob', { type: 'RestoreDiscardedDraft', actor: '', data: { at: 't', discard: 1, layout: dropped } });
    expect(s.state.layout).toEqual(dropped);
    expect(s.state.changes.map((c) => c.actor)).toEqual(['bob', 'bob', 'alice']);
    expect(s.state.version).toBe(1);
    // Nobody's earlier edits are undo steps across it.
    expect(draftUndoCommand(s.log.entries, 'bob')).toBeNull();
  });

  it('restoring over unsaved changes or an unknown discard is refused', () => {
    const s = new DraftSession();
    s.exec('bob', markdown('MARKDOWN-b'));
    const dropped = s.state.layout;
    s.exec('alice', discardAll);
    const restore = (discard: number): DraftCommand => ({
      type: 'RestoreDiscardedDraft',
      actor: '',
      data: { at: 't', discard, layout: dropped },
    });
    expect(s.tryExec('bob', restore(2))).toEqual({ refused: DraftErrorCode.DISCARD_UNKNOWN });
    s.exec('alice', markdown('MARKDOWN-a'));
    expect(s.tryExec('bob', restore(1))).toEqual({ refused: DraftErrorCode.UNSAVED_CHANGES });
  });

  it('an old draftDiscarded without the dropped draft is read as listed but not restorable', () => {
    const meta = { actor: '2', at: 't', batchId: 'b1' };
    const old = { id: 'e1', stream: 'dashboard-draft:1', version: 4, position: 9, meta };
    const [read] = createUpcaster(draftSessionUpcasters)([
      { ...old, type: 'dashboard/draftDiscarded', data: { version: 1, by: '2', at: 't' } },
    ]);
    expect(read!.data).toEqual({ version: 1, by: '2', at: 't', layout: null, changes: [] });
  });

  it('the confirmation names the others and their counts', () => {
    expect(discardAllQuestion([{ name: 'bob', count: 3 }], 1)).toBe(
      "Discard everyone's unsaved changes? bob has 3 unsaved changes. You have 1 unsaved change. They can be restored from the version history.",
    );
  });
});
