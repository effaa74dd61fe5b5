import { emptyLayout } from '../layout/factory';
import { GRID_ID } from '../layout/types';
import { DraftSession } from '../testing/draft-session';
import type { DraftCommand, DraftSaved, VersionRestored } from './draft.model';
import { saveNoticeOf, saveNoticeText, undoBlockedBySave, undoBlockedText } from './save-notice';

const addMarkdown = (id: string): DraftCommand => ({
  type: 'CreateComponent',
  actor: '',
  data: { id, componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 99 }, rowId: `ROW-${id}` },
});
const resize = (id: string, width: number): DraftCommand => ({
  type: 'ResizeComponent',
  actor: '',
  data: { id, width },
});
const save: DraftCommand = { type: 'SaveDraft', actor: '', data: { at: '2026-01-02T00:00:00.000Z' } };
const lastEvent = <E>(s: DraftSession) => s.log.entries.at(-1) as unknown as E;

describe('what the other editors are told of a save (issue 12 §2)', () => {
  it('given bob made 3 changes and alice 1, when alice saves, then bob is told 3 of his changes are in it', () => {
    const s = new DraftSession();
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    s.exec('bob', resize('MARKDOWN-b', 6));
    s.exec('alice', addMarkdown('MARKDOWN-a'));
    s.exec('bob', resize('MARKDOWN-b', 5));
    s.exec('alice', save);
    const saved = lastEvent<DraftSaved>(s);
    const notice = saveNoticeOf(saved, 'bob')!;
    expect(notice).toEqual({ kind: 'saved', version: 2, by: 'alice', yours: 3 });
    expect(saveNoticeText(notice, 'Alice')).toBe('Alice saved version 2, including 3 of your changes');
    // The saver is not told about their own save; a third editor without changes gets the plain line.
    expect(saveNoticeOf(saved, 'alice')).toBeNull();
    expect(saveNoticeText(saveNoticeOf(saved, 'carol')!, 'Alice')).toBe('Alice saved version 2');
  });

  it('an undone change is not counted', () => {
    const s = new DraftSession();
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    s.exec('bob', resize('MARKDOWN-b', 6));
    s.undo('bob');
    s.exec('alice', save);
    expect(saveNoticeText(saveNoticeOf(lastEvent<DraftSaved>(s), 'bob')!, 'Alice')).toBe(
      'Alice saved version 2, including 1 of your changes',
    );
  });

  it('a restore names the version made the newest', () => {
    const s = new DraftSession();
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    s.exec('bob', save);
    s.exec('alice', { type: 'RestoreVersion', actor: '', data: { at: 'x', version: 1, layout: emptyLayout() } });
    const notice = saveNoticeOf(lastEvent<VersionRestored>(s), 'bob')!;
    expect(saveNoticeText(notice, 'Alice')).toBe('Alice restored version 1 as version 3');
  });
});

describe('why Undo has nothing after someone saved (issue 12 §2)', () => {
  it('given bob’s edits went into alice’s save, then his Undo is explained by the version', () => {
    const s = new DraftSession();
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    expect(undoBlockedBySave(s.log.entries, 'bob')).toBeNull(); // his Undo works
    s.exec('alice', save);
    expect(undoBlockedBySave(s.log.entries, 'bob')).toBe(2);
    expect(undoBlockedText(2)).toBe(
      'Your earlier changes are in version 2: restore an older version from the history to revert them',
    );
    // Carol had nothing in it: her empty Undo needs no explanation.
    expect(undoBlockedBySave(s.log.entries, 'carol')).toBeNull();
  });

  it('an edit made after the save is undoable again, and once undone the save explains the rest', () => {
    const s = new DraftSession();
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    s.exec('alice', save);
    s.exec('bob', resize('MARKDOWN-b', 6));
    expect(undoBlockedBySave(s.log.entries, 'bob')).toBeNull();
    s.undo('bob');
    expect(undoBlockedBySave(s.log.entries, 'bob')).toBe(2);
  });

  it('after a discard the save is no longer the reason', () => {
    const s = new DraftSession();
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    s.exec('alice', save);
    s.exec('alice', addMarkdown('MARKDOWN-a'));
    s.exec('alice', { type: 'DiscardDraft', actor: '', data: { at: 'x' } });
    expect(undoBlockedBySave(s.log.entries, 'bob')).toBeNull();
  });
});
