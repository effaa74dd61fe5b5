import { HISTORY_UNDONE } from '@strata/events';
import { deciderSpec } from '../../testing';
import { UNDO_LIMIT } from '../constants';
import { emptyLayout } from '../layout/factory';
import { GRID_ID } from '../layout/types';
import { DraftSession } from '../testing/draft-session';
import { DraftErrorCode, draftDecider, hasUnsavedChanges } from './draft.decider';
import { summarizeChanges } from './changes';
import {
  checkDraftHistory,
  draftUndoCommand,
  historyBlockedBy,
  isUndoableDraftBatch,
  undoLimitExceeded,
  undoLimitWarning,
} from './undo';
import type { DraftCommand } from './draft.model';

const addChart = (chartId: number, parentId = GRID_ID): DraftCommand => ({
  type: 'CreateComponent',
  actor: '',
  data: {
    id: `CHART-${chartId}`,
    componentType: 'CHART',
    chartId,
    sliceName: `Chart ${chartId}`,
    destination: { parentId, index: 99 },
    rowId: `ROW-${chartId}`,
  },
});
const addMarkdown = (id: string): DraftCommand => ({
  type: 'CreateComponent',
  actor: '',
  data: { id, componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 99 }, rowId: `ROW-${id}` },
});
const save = (expectedVersion?: number): DraftCommand => ({
  type: 'SaveDraft',
  actor: '',
  data: { at: '2026-01-02T00:00:00.000Z', ...(expectedVersion ? { expectedVersion } : {}) },
});

describe('edit session: the shared draft (issue 5 §2)', () => {
  it('a draft starts at the saved version; layout commands before it starts are refused', () => {
    deciderSpec(draftDecider, undefined).given([]).when(addChart(1)).thenThrows(DraftErrorCode.NOT_STARTED);
    const s = new DraftSession();
    expect(s.state).toMatchObject({ dashboardId: 1, version: 1, changes: [] });
    expect(s.state.versions.map((v) => v.version)).toEqual([1]);
  });

  it('several users edit one draft; save publishes it as version N+1 with who changed what', () => {
    const s = new DraftSession();
    s.exec('alice', addChart(1));
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    s.exec('alice', { type: 'ResizeComponent', actor: '', data: { id: 'CHART-1', width: 6 } });
    expect(hasUnsavedChanges(s.state)).toBe(true);
    s.exec('bob', save(1));
    const v2 = s.state.versions[1]!;
    expect(s.state.version).toBe(2);
    expect(v2).toMatchObject({
      version: 2,
      savedBy: 'bob',
      authors: ['alice', 'bob'],
      summary: 'alice: added 1 chart, resized 1 chart; bob: added 1 markdown',
    });
    expect(v2.changes.map((c) => [c.actor, c.kind, c.componentId])).toEqual([
      ['alice', 'dashboard/componentCreated', 'CHART-1'],
      ['bob', 'dashboard/componentCreated', 'MARKDOWN-b'],
      ['alice', 'dashboard/componentResized', 'CHART-1'],
    ]);
    expect(s.state.savedLayout).toBe(s.state.layout);
    expect(hasUnsavedChanges(s.state)).toBe(false);
  });

  it('an API writer with a stale version gets a conflict, never a silent overwrite', () => {
    const s = new DraftSession();
    s.exec('alice', addChart(1));
    s.exec('alice', save());
    s.exec('bob', addChart(2));
    expect(s.tryExec('bob', save(1))).toEqual({ refused: DraftErrorCode.VERSION_CONFLICT });
    expect(s.tryExec('bob', save(2))).toBe('b5');
  });

  it('there is nothing to save without edits; discard returns everyone to the last saved version', () => {
    const s = new DraftSession();
    expect(s.tryExec('alice', save())).toEqual({ refused: DraftErrorCode.NOTHING_TO_SAVE });
    s.exec('alice', addChart(1));
    s.exec('alice', save());
    const saved = s.state.layout;
    s.exec('bob', addChart(2));
    s.exec('alice', { type: 'DeleteComponent', actor: '', data: { id: 'CHART-1' } });
    s.exec('bob', { type: 'DiscardDraft', actor: '', data: { at: 'x' } });
    expect(s.state.layout).toEqual(saved);
    expect(s.state.version).toBe(2);
    expect(hasUnsavedChanges(s.state)).toBe(false);
  });

  it('restoring an old version makes a new version with its layout', () => {
    const s = new DraftSession();
    const v1 = s.state.layout;
    s.exec('alice', addChart(1));
    s.exec('alice', save());
    s.exec('bob', { type: 'RestoreVersion', actor: '', data: { at: 'x', version: 1, layout: v1 } });
    expect(s.state.version).toBe(3);
    expect(s.state.layout).toEqual(v1);
    expect(s.state.versions[2]).toMatchObject({
      version: 3,
      savedBy: 'bob',
      restoredFrom: 1,
      summary: 'Restored version 1',
    });
    expect(s.tryExec('bob', { type: 'RestoreVersion', actor: '', data: { at: 'x', version: 9, layout: v1 } })).toEqual({
      refused: DraftErrorCode.VERSION_UNKNOWN,
    });
    const broken = { ...v1, GRID_ID: { ...v1.GRID_ID!, children: ['NOPE'] } };
    expect(
      s.tryExec('bob', { type: 'RestoreVersion', actor: '', data: { at: 'x', version: 1, layout: broken } }),
    ).toEqual({ refused: DraftErrorCode.INVALID_LAYOUT });
  });

  it('each user undoes only their own edits: A undoes its move, B’s markdown stays', () => {
    const s = new DraftSession();
    s.exec('alice', addChart(1));
    s.exec('alice', addChart(2));
    s.exec('alice', {
      type: 'MoveComponent',
      actor: '',
      data: { id: 'CHART-2', destination: { parentId: 'ROW-1', index: 1 } },
    });
    s.exec('bob', addMarkdown('MARKDOWN-b'));
    expect(s.state.layout['ROW-1']!.children).toEqual(['CHART-1', 'CHART-2']);
    expect(s.undo('alice')).toBe(true);
    expect(s.state.layout['ROW-1']!.children).toEqual(['CHART-1']);
    expect(s.state.layout['ROW-2']!.children).toEqual(['CHART-2']);
    expect(s.state.layout['MARKDOWN-b']).toBeDefined();
    expect(s.state.changes.map((c) => c.actor)).toEqual(['alice', 'alice', 'bob']);
    expect(s.redo('alice')).toBe(true);
    expect(s.state.layout['ROW-1']!.children).toEqual(['CHART-1', 'CHART-2']);
  });

  it('undoing every edit clears unsaved changes (charts-dashboards-reports §4)', () => {
    const s = new DraftSession();
    s.exec('alice', addChart(1));
    s.undo('alice');
    expect(hasUnsavedChanges(s.state)).toBe(false);
  });

  it('a save ends the undo history: earlier edits can no longer be undone', () => {
    const s = new DraftSession();
    const b1 = s.exec('alice', addChart(1))!;
    s.exec('alice', save());
    expect(draftUndoCommand(s.log.entries, 'alice')).toBeNull();
    expect(checkDraftHistory(s.log.entries, 'alice', { type: HISTORY_UNDONE, data: { batchId: b1 } })).toBe(
      'before_last_save',
    );
    expect(checkDraftHistory(s.log.entries, 'bob', { type: HISTORY_UNDONE, data: { batchId: b1 } })).toBe('not_owner');
  });

  it(`the undo limit: only the latest ${UNDO_LIMIT} edits of a user can be undone, with the overflow warning`, () => {
    const s = new DraftSession();
    for (let i = 1; i <= UNDO_LIMIT + 3; i += 1) s.exec('alice', addMarkdown(`MARKDOWN-${i}`));
    s.exec('bob', addMarkdown('MARKDOWN-bob'));
    expect(undoLimitExceeded(s.log.entries, 'alice')).toBe(true);
    expect(undoLimitExceeded(s.log.entries, 'bob')).toBe(false);
    let undone = 0;
    while (s.undo('alice')) undone += 1;
    expect(undone).toBe(UNDO_LIMIT);
    expect(
      Object.keys(s.state.layout)
        .filter((id) => id.startsWith('MARKDOWN-'))
        .sort(),
    ).toEqual(['MARKDOWN-1', 'MARKDOWN-2', 'MARKDOWN-3', 'MARKDOWN-bob']);
    expect(undoLimitWarning()).toBe(
      'You have used all available undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
    );
  });

  it('only layout edits are undo steps', () => {
    expect(isUndoableDraftBatch([{ type: 'dashboard/componentMoved' }])).toBe(true);
    expect(isUndoableDraftBatch([{ type: 'dashboard/draftSaved' }])).toBe(false);
    expect(isUndoableDraftBatch([{ type: 'dashboard/draftStarted' }])).toBe(false);
    expect(isUndoableDraftBatch([])).toBe(false);
  });

  it('the summary groups by author and kind', () => {
    expect(summarizeChanges([])).toBe('No layout changes');
    expect(
      summarizeChanges([
        { actor: 'a', kind: 'dashboard/componentCreated', componentType: 'CHART' },
        { actor: 'a', kind: 'dashboard/componentCreated', componentType: 'CHART' },
        { actor: 'a', kind: 'dashboard/topLevelTabsCreated', componentType: 'TABS' },
      ]),
    ).toBe('a: added 2 charts, added top-level tabs');
  });

  it('a draft cannot start twice or from an invalid layout', () => {
    const s = new DraftSession();
    expect(
      s.tryExec('x', {
        type: 'StartDraft',
        actor: '',
        data: { dashboardId: 1, version: 1, layout: emptyLayout(), at: 'x' },
      }),
    ).toEqual({ refused: DraftErrorCode.ALREADY_STARTED });
    const broken = {
      ...emptyLayout(),
      ORPHAN: { id: 'ORPHAN', type: 'ROW' as const, children: [], parents: [], meta: {} },
    };
    deciderSpec(draftDecider, undefined)
      .given([])
      .when({ type: 'StartDraft', actor: 'x', data: { dashboardId: 1, version: 1, layout: broken, at: 'x' } })
      .thenThrows(DraftErrorCode.INVALID_LAYOUT);
  });

  it('an undo another editor built on is refused: A may not take the column holding B’s markdown', () => {
    const s = new DraftSession();
    s.exec('alice', {
      type: 'CreateComponent',
      actor: '',
      data: { id: 'COLUMN-a', componentType: 'COLUMN', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-a' },
    });
    s.exec('bob', {
      type: 'CreateComponent',
      actor: '',
      data: { id: 'MARKDOWN-b', componentType: 'MARKDOWN', destination: { parentId: 'COLUMN-a', index: 0 } },
    });
    s.exec('bob', addChart(5));
    expect(s.undo('alice')).toBe(false);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['bob']);
    expect(s.state.layout['COLUMN-a']!.children).toEqual(['MARKDOWN-b']);
    // Once Bob takes his markdown back, nothing of his is in the column: Alice's undo goes through.
    expect(s.undo('bob')).toBe(true);
    expect(s.undo('bob')).toBe(true);
    expect(s.undo('alice')).toBe(true);
    expect(s.state.layout['COLUMN-a']).toBeUndefined();
    expect(s.state.changes).toEqual([]);
  });

  it('the server refuses an undo beyond the limit even when the stack has it', () => {
    const s = new DraftSession();
    const first = s.exec('alice', addMarkdown('MARKDOWN-0'))!;
    for (let i = 1; i <= UNDO_LIMIT; i += 1) s.exec('alice', addMarkdown(`MARKDOWN-${i}`));
    expect(checkDraftHistory(s.log.entries, 'alice', { type: HISTORY_UNDONE, data: { batchId: first } })).toBe(
      'beyond_undo_limit',
    );
  });

  it('after an undo a chart is never placed twice: an undo that would drop the copy placed meanwhile is refused', () => {
    const s = new DraftSession();
    s.exec('alice', addChart(7));
    s.exec('alice', { type: 'DeleteComponent', actor: '', data: { id: 'CHART-7' } });
    s.exec('bob', {
      ...addChart(7),
      data: { ...(addChart(7).data as object), id: 'CHART-7b', rowId: 'ROW-7b' },
    } as DraftCommand);
    expect(s.undo('alice')).toBe(false);
    expect(historyBlockedBy(s.log.entries, 'alice', 'Undo')).toEqual(['bob']);
    const charts = Object.values(s.state.layout)
      .filter((i) => i.meta.chartId === 7)
      .map((i) => i.id);
    expect(charts).toEqual(['CHART-7b']);
  });
});
