import { envelopeBatch, HISTORY_UNDONE } from '@strata/events';
import type { LayoutCommand } from '../layout/layout.commands';
import { GRID_ID } from '../layout/types';
import type { DraftCommand } from '../session/draft.model';
import { auditDraftLog, type AckedCommand } from './draft-audit';
import { DraftSession, STREAM } from './draft-session';

/** A draft where every command is acknowledged as the server would, so the audit reads a real log. */
function session() {
  const s = new DraftSession();
  const acked: AckedCommand[] = [];
  const ack = (who: string, batchId: string, command: { type: string; data: unknown }) =>
    acked.push({
      sent: { who, batchId, command },
      ack: { type: 'ack', clientSeq: acked.length, commandId: batchId, result: 'committed', version: s.log.length },
    });
  return {
    s,
    acked,
    run(who: string, command: Omit<LayoutCommand, 'actor'> | Omit<DraftCommand, 'actor'>) {
      const batchId = s.exec(who, { ...command, actor: who } as DraftCommand);
      ack(who, batchId ?? `none-${acked.length}`, command);
    },
    undo(who: string) {
      expect(s.undo(who)).toBe(true);
      ack(who, s.log.entries.at(-1)!.meta.batchId, { type: 'Undo', data: {} });
    },
    /** An undo appended without the domain's checks (as a server before issue 12's dependency rule did). */
    forceUndo(who: string, batchId: string) {
      const meta = { actor: who, at: s.at(), batchId: `forced-${acked.length}`, undoable: false };
      s.log.append(
        envelopeBatch([{ type: HISTORY_UNDONE, data: { batchId } }], meta, {
          stream: STREAM,
          version: s.log.length + 1,
        }),
      );
      ack(who, meta.batchId, { type: 'Undo', data: { batchId } });
    },
    audit: () => auditDraftLog(s.log.entries, acked, (who) => who, new Set(['alice', 'carol'])),
  };
}
const markdown = {
  type: 'CreateComponent',
  data: { id: 'MARKDOWN-a', componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-a' },
} as const;
const typed = { type: 'UpdateMarkdown', data: { id: 'MARKDOWN-a', code: "carol's text" } } as const;

describe('the chaos audit of a draft log', () => {
  it('follows each acknowledged change to where it went: undone by its author, saved, in the draft', () => {
    const t = session();
    t.run('alice', markdown);
    t.undo('alice');
    t.run('carol', { ...markdown, data: { ...markdown.data, id: 'MARKDOWN-c', rowId: 'ROW-c' } });
    t.run('carol', { type: 'SaveDraft', data: { at: '2026-01-02T00:00:00.000Z' } });
    t.run('alice', { type: 'DeleteComponent', data: { id: 'MARKDOWN-c' } });
    expect(t.audit()).toMatchObject({
      problems: [],
      fates: { 'undone by its author': 1, 'saved in a version': 1, 'in the draft': 1 },
    });
  });

  it("finds a change that is acknowledged, not undone, and yet no longer in the draft (someone else's undo took it)", () => {
    const t = session();
    t.run('alice', markdown);
    t.run('carol', typed);
    t.forceUndo('alice', t.acked[0]!.sent.batchId);
    expect(t.audit().problems).toEqual([expect.stringMatching(/^carol's UpdateMarkdown .*LOST/)]);
  });

  it('finds a rejected command whose events are in the log, and a rejection without a message', () => {
    const t = session();
    t.run('alice', markdown);
    const [created] = t.acked;
    t.acked[0] = { ...created!, ack: { ...created!.ack, result: 'rejected', reason: 'invalid', message: '' } };
    expect(t.audit().problems).toEqual([
      expect.stringContaining('without a message'),
      expect.stringContaining('but is in the log'),
    ]);
  });
});
