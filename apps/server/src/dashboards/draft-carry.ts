/**
 * A chart added to or removed from a dashboard by the chart save flow must reach the dashboard's open
 * edit session too, or the next draft save would publish a layout without it (or with a deleted chart).
 * The draft stream (`dashboard-draft:<id>`, libs/domain dashboard/session) gets the same change as a
 * layout command decided by the domain, in the caller's transaction, never as anyone's undo step.
 */
import {
  draftDecider,
  draftStreamId,
  findChartComponent,
  GRID_ID,
  ROOT_ID,
  type DraftCommand,
  type DraftEvent,
  type DraftState,
  type Layout,
} from '@strata/domain';
import { foldEntries } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../event-store/event-store.port';
import type { DashboardCommand } from './dashboard.decider';

export type DraftChartChange =
  | { kind: 'add'; chartId: number; sliceName: string; rowId: string; chartComponentId: string }
  | { kind: 'remove'; chartId: number };

/** The draft's share of a dashboard command: only the chart save flow's commands have one. */
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

/** Appends the change to the draft if one was ever opened; a dashboard nobody edited has none to carry. */
export async function carryIntoDraft(
  store: EventStore,
  tx: EntityManager,
  dashboardId: number,
  change: DraftChartChange,
  actor: string,
  sessionId?: string,
): Promise<void> {
  const stream = draftStreamId(dashboardId);
  const entries = await store.readStream(stream, 0, tx);
  if (entries.length === 0) return;
  let state = foldEntries(draftDecider, entries);
  const events: DraftEvent[] = [];
  for (const command of commandsFor(state, change, actor)) {
    for (const event of draftDecider.decide(command, state, undefined)) {
      events.push(event);
      state = draftDecider.evolve(state, event);
    }
  }
  if (events.length === 0) return;
  await store.append(stream, events, {
    tx,
    expectedVersion: entries.at(-1)!.version,
    meta: { actor, sessionId, undoable: false },
  });
}
