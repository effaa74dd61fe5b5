import { envelopeBatch } from '@strata/events';
import type { LayoutCommand } from '../layout/layout.commands';
import { GRID_ID } from '../layout/types';
import { DraftSession, STREAM } from '../testing/draft-session';
import type { DraftCommand } from './draft.model';
import { decideLayoutRevert } from './layout-revert';
import { refusal, revertNames } from '../../testing/revert';

type Create = Extract<LayoutCommand, { type: 'CreateComponent' }>['data'];
const create = (data: Create): DraftCommand => ({ type: 'CreateComponent', actor: '', data });
const markdown = (id: string) =>
  create({ id, componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 0 }, rowId: `ROW-${id}` });
const type = (id: string, code: string): DraftCommand => ({ type: 'UpdateMarkdown', actor: '', data: { id, code } });
const resize = (id: string, width: number): DraftCommand => ({
  type: 'ResizeComponent',
  actor: '',
  data: { id, width },
});
const names = revertNames({ admin: 'Admin', alice: 'Alice', carol: 'Carol' });

/** The admin's revert of `batchId`, appended to the draft as the server does; refusals throw. */
function revert(s: DraftSession, batchId: string): void {
  const events = decideLayoutRevert(
    { type: 'RevertLayoutChange', actor: 'admin', data: { batchId, at: 't' } },
    s.log.entries,
    names,
  );
  s.log.append(
    envelopeBatch(
      events,
      { actor: 'admin', at: 't', batchId: `revert-${batchId}`, undoable: false },
      {
        stream: STREAM,
        version: s.log.length + 1,
      },
    ),
  );
}

describe('reverting a layout change of the shared draft (issue 13)', () => {
  it("given Alice resized her markdown and Carol typed in another, the revert restores the width and keeps Carol's text", () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MD-a'));
    s.exec('carol', markdown('MD-c'));
    const width = s.state.layout['MD-a']!.meta.width;
    const resized = s.exec('alice', resize('MD-a', 2))!;
    s.exec('carol', type('MD-c', "carol's text"));
    revert(s, resized);
    expect(s.state.layout['MD-a']!.meta.width).toBe(width);
    expect(s.state.layout['MD-c']!.meta.code).toBe("carol's text");
    expect(s.log.entries.at(-1)!.type).toBe('dashboard/layoutChangeReverted');
  });

  it('a revert of an added component takes it out, its row with it', () => {
    const s = new DraftSession();
    const before = s.state.layout;
    const added = s.exec('alice', markdown('MD-a'))!;
    revert(s, added);
    expect(s.state.layout).toEqual(before);
  });

  it("given Carol typed in Alice's markdown, reverting Alice's adding is refused and names Carol", () => {
    const s = new DraftSession();
    const added = s.exec('alice', markdown('MD-a'))!;
    s.exec('carol', type('MD-a', "carol's text"));
    const error = refusal(() => revert(s, added));
    expect(error.code).toBe('change_depended_on');
    expect(error.message).toBe(
      "'Adding of a markdown' cannot be reverted: Carol changed it since; reverting it would remove their work.",
    );
    expect(s.state.layout['MD-a']!.meta.code).toBe("carol's text");
  });

  it('a move goes back to its old place', () => {
    const s = new DraftSession();
    s.exec('alice', markdown('MD-a'));
    s.exec('alice', markdown('MD-b'));
    const before = s.state.layout;
    const moved = s.exec('carol', {
      type: 'MoveComponent',
      actor: '',
      data: { id: 'ROW-MD-a', destination: { parentId: GRID_ID, index: 0 } },
    })!;
    expect(s.state.layout[GRID_ID]!.children).not.toEqual(before[GRID_ID]!.children);
    revert(s, moved);
    expect(s.state.layout).toEqual(before);
  });

  it('refuses an undone edit, a saved one, a removal, and a revert twice', () => {
    const s = new DraftSession();
    const saved = s.exec('alice', markdown('MD-a'))!;
    s.exec('alice', { type: 'SaveDraft', actor: '', data: { at: 't' } });
    expect(refusal(() => revert(s, saved)).code).toBe('change_saved');
    const typed = s.exec('alice', type('MD-a', 'text'))!;
    s.undo('alice');
    expect(refusal(() => revert(s, typed)).message).toBe(
      "'Markdown change of a markdown' cannot be reverted: it was undone.",
    );
    const deleted = s.exec('alice', { type: 'DeleteComponent', actor: '', data: { id: 'MD-a' } })!;
    expect(refusal(() => revert(s, deleted)).code).toBe('change_not_revertible');
    s.exec('alice', markdown('MD-b'));
    const resized = s.exec('alice', resize('MD-b', 3))!;
    revert(s, resized);
    expect(refusal(() => revert(s, resized)).code).toBe('change_already_reverted');
    expect(refusal(() => revert(s, 'no-such-batch')).code).toBe('change_not_found');
  });
});
