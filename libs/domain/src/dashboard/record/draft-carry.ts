/**
 * A chart the chart save flow adds to or removes from a saved dashboard must reach the dashboard's open
 * edit session too, or the next draft save would publish a layout without it (or with a deleted chart).
 * The draft (`dashboard-draft:<id>`, session/) gets the same change as layout commands decided by the
 * draft's own decider; pure, so the server runs it as a decision on the draft stream in the record's
 * transaction.
 */
import type { Envelope } from '@strata/events';
import { foldEntries } from '@strata/events';
import { findChartComponent } from '../layout/tree';
import { GRID_ID, ROOT_ID, type Layout } from '../layout/types';
import { draftDecider } from '../session/draft.decider';
import type { DraftCommand, DraftEvent, DraftState } from '../session/draft.model';
import type { DashboardCommand } from './record.commands';

export type DraftChartChange =
  | { kind: 'add'; chartId: number; sliceName: string; rowId: string; chartComponentId: string }
  | { kind: 'remove'; chartId: number };

/** The draft's share of a record command: only the chart save flow's commands have one. */
export function draftChangeOf(command: DashboardCommand): DraftChartChange | null {
  if (command.type === 'AddChartToDashboard') return { kind: 'add', ...command.data };
  if (command.type === 'RemoveChartFromDashboard') return { kind: 'remove', chartId: command.data.chartId };
  return null;
}

/** The grid the chart save flow appends to: the GRID, or the first top-level tab when the layout has tabs. */
function appendTarget(layout: Layout): { parentId: string; index: number } | null {
  const root = layout[ROOT_ID];
  const top = root?.children[0] ? layout[root.children[0]] : undefined;
  const parent = top?.type === 'TABS' ? layout[top.children[0] ?? ''] : layout[GRID_ID];
  return parent ? { parentId: parent.id, index: parent.children.length } : null;
}

function commandsFor(state: DraftState, change: DraftChartChange, actor: string): DraftCommand[] {
  if (change.kind === 'add') {
    if (findChartComponent(state.layout, change.chartId)) return [];
    const destination = appendTarget(state.layout);
    if (!destination) return [];
    return [
      {
        type: 'CreateComponent',
        actor,
        data: {
          id: change.chartComponentId,
          componentType: 'CHART',
          destination,
          rowId: change.rowId,
          chartId: change.chartId,
          sliceName: change.sliceName,
        },
      },
    ];
  }
  return Object.values(state.layout)
    .filter((c) => c.type === 'CHART' && c.meta.chartId === change.chartId)
    .map((c) => ({ type: 'DeleteComponent', actor, data: { id: c.id } }) as DraftCommand);
}

/**
 * The draft events that carry the change, decided against the draft's stream: none when no draft was
 * ever opened (a dashboard nobody edited has none to carry) or when the draft already has it so.
 */
export function decideDraftCarry(draft: readonly Envelope[], change: DraftChartChange, actor: string): DraftEvent[] {
  if (draft.length === 0) return [];
  let state = foldEntries(draftDecider, draft);
  const events: DraftEvent[] = [];
  for (const command of commandsFor(state, change, actor)) {
    for (const event of draftDecider.decide(command, state, undefined)) {
      events.push(event);
      state = draftDecider.evolve(state, event);
    }
  }
  return events;
}
