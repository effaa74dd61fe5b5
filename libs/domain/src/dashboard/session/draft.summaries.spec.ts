import { summarize, summarizeStream } from '../../audit/registry';
import { emptyLayout } from '../layout/factory';
import type { LayoutCommand } from '../layout/layout.commands';
import { GRID_ID, type Layout } from '../layout/types';
import { DraftSession } from '../testing/draft-session';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { initialDraftState } from './draft.decider';
import type { DraftEvent } from './draft.model';
import { draftSummaries } from './draft.summaries';

const create = (data: Record<string, unknown>) => ({ type: 'CreateComponent', data }) as unknown as LayoutCommand;
const move = (id: string, parentId: string, index: number, rowId?: string) =>
  ({ type: 'MoveComponent', data: { id, destination: { parentId, index }, rowId } }) as unknown as LayoutCommand;
const rename = (id: string, text: string) =>
  ({ type: 'UpdateComponentText', data: { id, text } }) as unknown as LayoutCommand;
const remove = (id: string) => ({ type: 'DeleteComponent', data: { id } }) as unknown as LayoutCommand;

/** The draft's log summarized as the audit log shows it: who from each batch, the dashboard's name. */
function auditOf(session: DraftSession): string[] {
  const entries = session.log.entries;
  return summarizeStream(entries, (i) => ({ who: entries[i]!.meta.actor, objectName: 'Sales' }));
}

/** Two charts in a row, tabs beside them: the dashboard most scenarios start from. */
function salesDraft(): DraftSession {
  const s = new DraftSession();
  const chart = (id: number, name: string, parentId: string, index: number) =>
    create({
      id: `CHART-${id}`,
      componentType: 'CHART',
      chartId: id,
      sliceName: name,
      destination: { parentId, index },
      rowId: 'ROW-1',
    });
  s.exec('alice', chart(1, 'Flights by origin', GRID_ID, 0));
  s.exec('alice', chart(2, 'Delays by carrier', 'ROW-1', 1));
  s.exec(
    'alice',
    create({ id: 'TABS-1', componentType: 'TABS', destination: { parentId: GRID_ID, index: 1 }, tabId: 'TAB-1' }),
  );
  s.exec('bob', rename('TAB-1', 'Q1'));
  return s;
}

describe('draft summaries', () => {
  it('names components as they were then, not as they are now', () => {
    const s = salesDraft();
    s.exec('bob', rename('TAB-1', 'Delays'));
    s.exec('alice', move('CHART-1', 'TAB-1', 0, 'ROW-2'));
    s.exec('bob', rename('TAB-1', 'Late flights'));
    expect(auditOf(s)).toEqual([
      "system opened the draft of the dashboard 'Sales' at version 1",
      "alice added the chart 'Flights by origin' to the dashboard's grid",
      "alice added the chart 'Delays by carrier' to the row with the chart 'Flights by origin'",
      "alice added a set of tabs to the dashboard's grid",
      "bob named a tab 'Q1'",
      "bob renamed the tab 'Q1' to 'Delays'",
      "alice moved the chart 'Flights by origin' into the tab 'Delays'",
      "bob renamed the tab 'Delays' to 'Late flights'",
    ]);
  });

  it('says what a row held when it is removed, and saves by version', () => {
    const s = salesDraft();
    s.exec('alice', remove('ROW-1'));
    s.exec('alice', { type: 'SaveDraft', actor: 'alice', data: { at: s.at() } });
    const audit = auditOf(s);
    expect(audit.slice(-2)).toEqual([
      'alice removed the row with 2 charts',
      "alice saved version 2 of the dashboard 'Sales' (5 changes by alice and bob)",
    ]);
  });

  it('says whose layout change a revert took back', () => {
    const reverted = (author: string) => ({
      type: 'dashboard/layoutChangeReverted',
      data: { batchId: 'b1', author, by: 'alice', at: '' },
    });
    expect(summarize(reverted('bob'), { who: 'alice', objectName: 'Sales' })).toBe(
      "alice reverted bob's earlier layout change to the dashboard 'Sales'",
    );
    expect(summarize(reverted('alice'), { who: 'alice' })).toBe(
      'alice reverted their earlier layout change to the dashboard',
    );
  });

  it('falls back to what the event itself says without earlier events', () => {
    const s = salesDraft();
    s.exec('alice', move('CHART-1', 'TAB-1', 0, 'ROW-2'));
    const last = s.log.entries[s.log.entries.length - 1]!;
    expect(summarize(last, { who: 'alice' })).toBe('alice moved a component');
    expect(
      summarize(
        { type: 'dashboard/componentTextChanged', data: { actor: 'bob', id: 'TAB-1', text: 'Quarter 1' } },
        { who: 'bob' },
      ),
    ).toBe("bob renamed a title to 'Quarter 1'");
  });

  it('gives every draft event a readable line, with or without earlier events', () => {
    const layout: Layout = emptyLayout();
    const chart = { id: 'CHART-1', type: 'CHART' as const, meta: { chartId: 1, sliceName: 'Flights' } };
    const samples: SummarySamples<DraftEvent> = {
      'dashboard/componentCreated': { actor: 'a', parentId: GRID_ID, index: 0, component: chart },
      'dashboard/componentMoved': { actor: 'a', id: 'CHART-1', fromParentId: 'ROW-1', toParentId: GRID_ID, toIndex: 0 },
      'dashboard/componentResized': { actor: 'a', id: 'CHART-1', width: 4 },
      'dashboard/componentDeleted': { actor: 'a', id: 'CHART-1' },
      'dashboard/componentTextChanged': { actor: 'a', id: 'TAB-1', text: '' },
      'dashboard/markdownChanged': { actor: 'a', id: 'MARKDOWN-1', code: '# Notes' },
      'dashboard/headerSizeChanged': { actor: 'a', id: 'HEADER-1', headerSize: 'LARGE_HEADER' },
      'dashboard/backgroundChanged': { actor: 'a', id: 'ROW-1', background: 'BACKGROUND_WHITE' },
      'dashboard/topLevelTabsCreated': { actor: 'a', tabsId: 'TABS-1', tabId: 'TAB-1' },
      'dashboard/topLevelTabsRemoved': { actor: 'a' },
      'dashboard/draftStarted': { dashboardId: 1, version: 1, layout, by: 'a', at: '' },
      'dashboard/draftSaved': { version: 2, layout, by: 'a', at: '', changes: [], authors: [], summary: '' },
      'dashboard/draftDiscarded': { version: 1, by: 'a', at: '', layout: null, changes: [] },
      'dashboard/versionRestored': { version: 3, restoredVersion: 1, layout, by: 'a', at: '', summary: '' },
      'dashboard/ownChangesDiscarded': { by: 'a', at: '', batchIds: [] },
      'dashboard/ownChangesRestored': { by: 'a', at: '', discardBatchId: 'b1', batchIds: [] },
      'dashboard/layoutChangeReverted': { batchId: 'b1', author: 'bob', by: 'a', at: '' },
      'dashboard/discardedDraftRestored': { discard: 1, layout, changes: [], by: 'a', at: '' },
    };
    const folded = salesDraft().state;
    const contexts = [
      { who: 'alice', objectName: undefined, before: undefined },
      { who: 'alice', objectName: 'Sales', before: initialDraftState() },
      { who: 'alice', objectName: '', before: folded },
    ];
    expect(unreadableSummaries(draftSummaries, samples, contexts)).toEqual([]);
  });
});
