/**
 * Undo and redo in a shared draft: each user undoes only their own edits, never across the last save
 * (charts-dashboards-reports §4 "clears the undo history"), and only their latest UNDO_LIMIT steps (REFERENCE §3.2). The rules
 * are the domain's (session/undo.ts); this file only turns a refusal into words.
 */
import { DomainError, HISTORY_REDONE, HISTORY_UNDONE, type HistoryEvent, type LogEntry } from '@strata/events';
import {
  checkDraftHistory,
  draftRedoCommand,
  draftUndoCommand,
  HISTORY_BASE_REMOVED,
  historyBlockedBy,
  historyBlockedText,
  historyRefusal,
  undoLimitExceeded,
  undoLimitWarning,
  type DraftHistoryRejection,
} from '@strata/domain';

export type HistoryCommand = { type: 'Undo' | 'Redo'; data: { batchId?: string } };
export const HISTORY_COMMANDS = ['Undo', 'Redo'] as const;

const MESSAGES: Record<DraftHistoryRejection, string> = {
  malformed: 'This undo or redo request is malformed.',
  unknown_batch: 'There is no such change to undo or redo.',
  not_owner: 'You can only undo or redo your own changes.',
  not_undoable: 'This change cannot be undone.',
  already_undone: 'This change is already undone.',
  not_undone: 'This change is not undone, so there is nothing to redo.',
  redo_cleared: 'This change can no longer be redone: you made another change since.',
  before_last_save: 'This change was saved in a version: restore an older version instead.',
  beyond_undo_limit: undoLimitWarning(),
  others_depend: 'Another editor has since changed this; undoing or redoing it would remove their work.',
  base_removed: HISTORY_BASE_REMOVED,
};

/** A client's `{type: 'Undo' | 'Redo', data: {batchId?}}`, or null when the payload does not fit. */
export function parseHistoryCommand(command: { type: string; data: unknown }): HistoryCommand | null {
  if (command.type !== 'Undo' && command.type !== 'Redo') return null;
  const data = command.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) return null;
  const keys = Object.keys(data);
  const batchId = (data as { batchId?: unknown }).batchId;
  if (
    keys.some((k) => k !== 'batchId') ||
    (batchId !== undefined && (typeof batchId !== 'string' || batchId.length === 0 || batchId.length > 250))
  )
    return null;
  return { type: command.type, data: batchId === undefined ? {} : { batchId } };
}

/**
 * The marker `actor` may append to the draft now. Without a batch id: their latest step (undo) or their
 * latest undone one (redo). Throws a DomainError saying why not.
 */
export function historyMarker(entries: readonly LogEntry[], actor: string, command: HistoryCommand): HistoryEvent {
  const type = command.type === 'Undo' ? HISTORY_UNDONE : HISTORY_REDONE;
  if (command.data.batchId === undefined) {
    const marker = command.type === 'Undo' ? draftUndoCommand(entries, actor) : draftRedoCommand(entries, actor);
    if (marker) return marker;
    // Another editor built on the step (issue 12: never remove their work unseen), or its place was removed
    // since (bringing it back would show nothing): refused, saying so.
    const refusal = historyRefusal(entries, actor, command.type);
    if (refusal) throw new DomainError(`history_${refusal.reason}`, refusal.text);
    // Edits remain but the older ones are past the limit: the spec's overflow warning says why.
    if (command.type === 'Undo' && undoLimitExceeded(entries, actor))
      throw new DomainError('history_beyond_undo_limit', MESSAGES.beyond_undo_limit);
    throw new DomainError(
      command.type === 'Undo' ? 'nothing_to_undo' : 'nothing_to_redo',
      command.type === 'Undo' ? 'There is no change of yours to undo.' : 'There is no change of yours to redo.',
    );
  }
  const marker: HistoryEvent = { type, data: { batchId: command.data.batchId } } as HistoryEvent;
  const rejection = checkDraftHistory(entries, actor, marker);
  if (rejection === 'others_depend') {
    const blockedBy = historyBlockedBy(entries, actor, command.type) ?? [];
    const text = blockedBy.length > 0 ? historyBlockedText(blockedBy, actor, command.type) : MESSAGES.others_depend;
    throw new DomainError('history_others_depend', text);
  }
  if (rejection !== null) throw new DomainError(`history_${rejection}`, MESSAGES[rejection]);
  return marker;
}
