import type { Envelope } from '@strata/events';
import { emptyLayout } from '../layout/factory';
import { GRID_ID } from '../layout/types';
import { findChartComponent } from '../layout/tree';
import { draftDecider } from '../session/draft.decider';
import type { DraftEvent } from '../session/draft.model';
import { decideDraftCarry, draftChangeOf } from './draft-carry';

const enveloped = (events: DraftEvent[], undoable = (_e: DraftEvent) => false): Envelope[] =>
  events.map((e, n) => ({
    id: `d${n + 1}`,
    stream: 'dashboard-draft:7',
    version: n + 1,
    type: e.type,
    data: e.data,
    meta: { actor: '3', at: '2026-01-01T00:00:00.000Z', batchId: `b${n + 1}`, undoable: undoable(e) },
  }));

const started = () =>
  draftDecider.decide(
    { type: 'StartDraft', actor: '3', data: { dashboardId: 7, version: 1, layout: emptyLayout(), at: 'x' } },
    draftDecider.initialState(),
    undefined,
  );
const add = { chartId: 11, sliceName: 'Revenue', rowId: 'ROW-a', chartComponentId: 'CHART-a' };

describe('the chart save flow carried into an open draft', () => {
  it('only the chart save flow has a share for the draft', () => {
    expect(draftChangeOf({ type: 'AddChartToDashboard', data: add })).toEqual({ kind: 'add', ...add });
    expect(draftChangeOf({ type: 'RemoveChartFromDashboard', data: { chartId: 11 } })).toEqual({
      kind: 'remove',
      chartId: 11,
    });
    expect(draftChangeOf({ type: 'PublishDashboard', data: {} })).toBeNull();
  });

  it('a dashboard nobody edited has no draft, so nothing to carry', () => {
    expect(decideDraftCarry([], { kind: 'add', ...add }, '3')).toEqual([]);
  });

  it('an added chart is placed in the draft once; a removed one leaves it', () => {
    const draft = started();
    const added = decideDraftCarry(enveloped(draft), { kind: 'add', ...add }, '3');
    expect(added.map((e) => e.type)).toEqual(['dashboard/componentCreated']);
    const withChart = enveloped([...draft, ...added]);
    const state = withChart.reduce(
      (s, e) => draftDecider.evolve(s, e as unknown as DraftEvent),
      draftDecider.initialState(),
    );
    expect(findChartComponent(state.layout, 11)?.id).toBe('CHART-a');
    expect(decideDraftCarry(withChart, { kind: 'add', ...add }, '3')).toEqual([]);
    expect(decideDraftCarry(withChart, { kind: 'remove', chartId: 11 }, '3').map((e) => e.type)).toEqual([
      'dashboard/componentDeleted',
    ]);
    expect(decideDraftCarry(enveloped(draft), { kind: 'remove', chartId: 11 }, '3')).toEqual([]);
  });

  it('never into a row an editor may still undo: their undo would take the chart with it', () => {
    const fold = (events: DraftEvent[]) => events.reduce(draftDecider.evolve, draftDecider.initialState());
    const markdown = {
      type: 'CreateComponent',
      actor: '5',
      data: {
        id: 'MARKDOWN-m',
        componentType: 'MARKDOWN',
        destination: { parentId: GRID_ID, index: 0 },
        rowId: 'ROW-m',
      },
    } as const;
    const draft = [...started()];
    draft.push(...draftDecider.decide(markdown, fold(draft), undefined));
    const isEdit = (e: DraftEvent) => e.type === 'dashboard/componentCreated';
    const carried = decideDraftCarry(enveloped(draft, isEdit), { kind: 'add', ...add }, '3');
    expect(carried).toMatchObject([{ data: { parentId: GRID_ID, wrapperRow: { id: 'ROW-a' } } }]);

    // Once saved, that row is no one's undo step any more, and it has room.
    const saved = [
      ...draft,
      ...draftDecider.decide({ type: 'SaveDraft', actor: '5', data: { at: 'y' } }, fold(draft), undefined),
    ];
    const afterSave = decideDraftCarry(enveloped(saved, isEdit), { kind: 'add', ...add }, '3');
    expect(afterSave).toMatchObject([{ data: { parentId: 'ROW-m', index: 1, component: { id: 'CHART-a' } } }]);
  });
});
