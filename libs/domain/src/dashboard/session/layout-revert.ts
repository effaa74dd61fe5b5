/**
 * Reverting one past layout edit of the shared draft as a new intent (issue 13 item 2), by an owner or
 * admin on its author's behalf. It is the author's undo in effect — the draft as if that batch had not
 * happened — but appended as the reverter's own edit, since the log's markers flip only their own
 * actor's batches (libs/events HistoryIndex). So:
 *
 * - allowed only where the author's undo would be: a live layout batch since the last save (a saved one
 *   is in a version: restore an older version instead), and only when nobody built on it: folding the
 *   draft with the batch skipped must leave every later live batch applying (dependents.ts, the check
 *   behind `others_depend`), else refused naming who;
 * - the batch is the inverse layout events of the edit, against the layout just before each of its
 *   events (a resize back, text back, a move back to its old parent and place, a created component
 *   deleted), then `dashboard/layoutChangeReverted`. They must give exactly the layout of the draft
 *   with the batch skipped; when they cannot (its old place is gone, a removal to bring back), the revert
 *   is refused rather than approximated.
 */
import { DomainError, foldEntries, indexHistory, isHistoryEvent, type LogEntry } from '@strata/events';
import { deepEqual } from '../../explore/editor/deep-equal';
import { applyLayoutEvent } from '../layout/layout.apply';
import { isLayoutEvent, type LayoutEvent } from '../layout/layout.events';
import { componentPhrase } from '../layout/layout.names';
import { parentIdOf } from '../layout/tree';
import type { Layout } from '../layout/types';
import type { RevertContext } from '../../shared/revert';
import { historyBarrier, timelineOf } from './dependents';
import { draftDecider } from './draft.decider';
import type { DraftEvent, LayoutChangeReverted, RevertLayoutChange } from './draft.model';

const INTENTS: Record<LayoutEvent['type'], string> = {
  'dashboard/componentCreated': 'Adding',
  'dashboard/componentMoved': 'Move',
  'dashboard/componentResized': 'Resize',
  'dashboard/componentDeleted': 'Removal',
  'dashboard/componentTextChanged': 'Text change',
  'dashboard/markdownChanged': 'Markdown change',
  'dashboard/headerSizeChanged': 'Header size change',
  'dashboard/backgroundChanged': 'Background change',
  'dashboard/topLevelTabsCreated': 'Conversion to tabs',
  'dashboard/topLevelTabsRemoved': 'Removal of the tabs',
};

/** "Move of the chart 'Flights'": the batch's first edit, naming its component as it was before. */
function intentOf(event: LayoutEvent, before: Layout): string {
  const id =
    'id' in event.data
      ? event.data.id
      : event.type === 'dashboard/componentCreated'
        ? event.data.component.id
        : undefined;
  const what = INTENTS[event.type];
  if (id === undefined) return what;
  const layout = event.type === 'dashboard/componentCreated' ? (applyLayoutEvent(before, event) ?? before) : before;
  return `${what} of ${componentPhrase(layout, id)}`;
}

/** The event that takes `event` back, given the layout just before it; null when none can. */
function inverseOf(event: LayoutEvent, before: Layout, after: Layout, actor: string): LayoutEvent | null {
  switch (event.type) {
    case 'dashboard/componentResized': {
      const meta = before[event.data.id]?.meta;
      if (!meta) return null;
      const data: { actor: string; id: string; width?: number; height?: number } = { actor, id: event.data.id };
      if (event.data.width !== undefined) data.width = meta.width;
      if (event.data.height !== undefined) data.height = meta.height;
      return { type: 'dashboard/componentResized', data };
    }
    case 'dashboard/componentTextChanged': {
      const text = before[event.data.id]?.meta.text;
      return text === undefined
        ? null
        : { type: 'dashboard/componentTextChanged', data: { actor, id: event.data.id, text } };
    }
    case 'dashboard/markdownChanged': {
      const code = before[event.data.id]?.meta.code;
      return code === undefined
        ? null
        : { type: 'dashboard/markdownChanged', data: { actor, id: event.data.id, code } };
    }
    case 'dashboard/headerSizeChanged': {
      const headerSize = before[event.data.id]?.meta.headerSize;
      return headerSize === undefined
        ? null
        : { type: 'dashboard/headerSizeChanged', data: { actor, id: event.data.id, headerSize } };
    }
    case 'dashboard/backgroundChanged': {
      const background = before[event.data.id]?.meta.background;
      return background === undefined
        ? null
        : { type: 'dashboard/backgroundChanged', data: { actor, id: event.data.id, background } };
    }
    case 'dashboard/componentCreated':
      return { type: 'dashboard/componentDeleted', data: { actor, id: event.data.component.id } };
    case 'dashboard/componentMoved': {
      const { id, fromParentId } = event.data;
      const from = before[fromParentId];
      const now = parentIdOf(after, id);
      if (!from || !now) return null;
      const data: {
        actor: string;
        id: string;
        fromParentId: string;
        toParentId: string;
        toIndex: number;
        width?: number;
      } = { actor, id, fromParentId: now, toParentId: fromParentId, toIndex: from.children.indexOf(id) };
      if (event.data.width !== undefined && before[id]?.meta.width !== undefined) data.width = before[id]!.meta.width;
      return { type: 'dashboard/componentMoved', data };
    }
    case 'dashboard/topLevelTabsCreated':
      return { type: 'dashboard/topLevelTabsRemoved', data: { actor } };
    // Bringing back what was removed would need it re-created whole: its author's undo does that.
    case 'dashboard/componentDeleted':
    case 'dashboard/topLevelTabsRemoved':
      return null;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The batch of a revert of the draft's layout batch `batchId`, or a DomainError saying why not. */
export function decideLayoutRevert(
  command: RevertLayoutChange,
  entries: readonly LogEntry[],
  ctx: RevertContext,
): DraftEvent[] {
  const { batchId, at } = command.data;
  const index = indexHistory(entries);
  const batch = index.batch(batchId);
  const own = entries.filter((e) => e.meta.batchId === batchId && !isHistoryEvent(e));
  if (batch === undefined || own.length === 0)
    throw new DomainError('change_not_found', 'There is no such change on this dashboard.');
  const nameOf = (actor: string) => ctx.names.get(actor) ?? `user ${actor}`;
  const beforeAt = (i: number) => foldEntries(draftDecider, entries, i).layout;
  const first = own[0]!;
  const intent = isLayoutEvent(first) ? intentOf(first, beforeAt(batch.firstIndex)) : 'This change';
  const refuse = (code: string, why: string): never => {
    throw new DomainError(code, `'${intent}' cannot be reverted: ${why}.`);
  };
  if (!own.every(isLayoutEvent)) refuse('change_not_revertible', 'it is not an edit of the layout');
  const barrier = historyBarrier(entries);
  if (batch.firstIndex <= barrier)
    refuse('change_saved', 'it was saved in a version since; restore an older version from the history instead');
  if (index.isUndoneAt(batchId, entries.length)) refuse('change_undone', 'it was undone');
  const reverted = entries.find(
    (e, i) =>
      i > batch.firstIndex &&
      e.type === 'dashboard/layoutChangeReverted' &&
      (e.data as LayoutChangeReverted['data']).batchId === batchId &&
      !index.isUndoneAt(e.meta.batchId, entries.length),
  );
  if (reverted)
    refuse('change_already_reverted', `${nameOf(reverted.meta.actor)} reverted it already (${reverted.meta.at})`);
  const timeline = timelineOf(entries, index, barrier);
  const dependents = timeline.actorsOf(timeline.brokenBy(new Set([batchId])));
  if (dependents.length > 0)
    refuse(
      'change_depended_on',
      `${dependents.map(nameOf).join(' and ')} changed it since; reverting it would remove their work`,
    );

  const now = foldEntries(draftDecider, entries).layout;
  const target = foldEntries(
    draftDecider,
    entries.filter((e) => e.meta.batchId !== batchId),
  ).layout;
  let layout: Layout | null = now;
  const inverse: LayoutEvent[] = [];
  for (let k = own.length - 1; k >= 0 && layout !== null; k -= 1) {
    const at = batch.firstIndex + k;
    const event = entries[at] as unknown as LayoutEvent;
    const undo = inverseOf(event, beforeAt(at), layout, command.actor);
    if (undo === null) refuse('change_not_revertible', 'what it changed cannot be put back (its author can undo it)');
    inverse.push(undo!);
    layout = applyLayoutEvent(layout, undo!);
  }
  if (layout === null || !deepEqual(layout, target))
    refuse('change_not_revertible', 'the layout has changed around it, so it cannot be put back exactly');
  return [
    ...inverse,
    { type: 'dashboard/layoutChangeReverted', data: { batchId, author: batch.actor, by: command.actor, at } },
  ];
}
