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
import type { ComponentCreated } from '../layout/layout.events';
import type { Layout } from '../layout/types';
import { draftDecider } from '../session/draft.decider';
import type { DraftCommand, DraftEvent, DraftState } from '../session/draft.model';
import { historyBarrier } from '../session/undo';
import { chartSlot } from './chart-slot';
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

/**
 * Rows an editor made since the last save, in an edit they may still undo. The chart never goes into one:
 * undoing that edit would take the chart (nobody's undo step) with it, unseen.
 */
function undoableRows(draft: readonly Envelope[]): Set<string> {
  const rows = new Set<string>();
  for (const entry of draft.slice(historyBarrier(draft) + 1)) {
    if (entry.type !== 'dashboard/componentCreated' || !entry.meta.undoable) continue;
    const { component, wrapperRow } = entry.data as ComponentCreated['data'];
    if (component.type === 'ROW') rows.add(component.id);
    if (wrapperRow) rows.add(wrapperRow.id);
  }
  return rows;
}

/** The same place as in the saved layout (chart-slot.ts): the first row with room, else a new row. */
function destinationIn(layout: Layout, skipRows: ReadonlySet<string>): { parentId: string; index: number } | null {
  const slot = chartSlot((id) => (skipRows.has(id) ? undefined : layout[id]));
  const parentId = slot?.rowId ?? slot?.parentId;
  const parent = parentId === undefined ? undefined : layout[parentId];
  return parent ? { parentId: parent.id, index: parent.children.length } : null;
}

function commandsFor(
  state: DraftState,
  change: DraftChartChange,
  actor: string,
  skipRows: ReadonlySet<string>,
): DraftCommand[] {
  if (change.kind === 'add') {
    if (findChartComponent(state.layout, change.chartId)) return [];
    const destination = destinationIn(state.layout, skipRows);
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
  for (const command of commandsFor(state, change, actor, undoableRows(draft))) {
    for (const event of draftDecider.decide(command, state, undefined)) {
      events.push(event);
      state = draftDecider.evolve(state, event);
    }
  }
  return events;
}
