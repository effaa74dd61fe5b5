/**
 * The version history as the REST API answers it: who saved, when, whose edits went in and what they
 * changed, with user ids resolved to names (the log keeps ids, which never change).
 */
import {
  summarizeChanges,
  unsavedChangesByActor,
  toPositionJson,
  type DiscardedDraftInfo,
  type DraftDiscarded,
  type DraftEvent,
  type DraftState,
  type Layout,
  type VersionInfo,
} from '@strata/domain';
import type { Envelope } from '@strata/events';

export type UserNames = ReadonlyMap<string, string>;
const VERSION_EVENTS = ['dashboard/draftStarted', 'dashboard/draftSaved', 'dashboard/versionRestored'];

/** Every actor a version list (and the draft's discarded drafts and unsaved edits) mentions, for one lookup of their names. */
export function actorsOf(versions: readonly VersionInfo[], state?: DraftState): string[] {
  const discarded = state?.discardedDrafts.flatMap((d) => [d.discardedBy, ...d.changes.map((c) => c.actor)]) ?? [];
  const unsaved = state?.changes.map((c) => c.actor) ?? [];
  return [
    ...new Set([
      ...versions.flatMap((v) => [v.savedBy, ...v.authors, ...v.changes.map((c) => c.actor)]),
      ...discarded,
      ...unsaved,
    ]),
  ];
}

const person = (actor: string, names: UserNames) => ({
  id: Number.isSafeInteger(Number(actor)) ? Number(actor) : null,
  username: names.get(actor) ?? actor,
});

export function versionJson(info: VersionInfo, names: UserNames) {
  return {
    version: info.version,
    saved_by: person(info.savedBy, names),
    saved_at: info.savedAt,
    // Recomputed with names, so the list reads "alice: added 1 chart" rather than "3: added 1 chart".
    summary:
      info.changes.length > 0
        ? summarizeChanges(info.changes.map((c) => ({ ...c, actor: names.get(c.actor) ?? c.actor })))
        : info.summary,
    authors: info.authors.map((a) => person(a, names)),
    changes: info.changes.map((c) => ({
      user: person(c.actor, names),
      kind: c.kind,
      component_id: c.componentId ?? null,
      component_type: c.componentType ?? null,
    })),
    restored_from: info.restoredFrom ?? null,
  };
}

/** A draft an owner discarded, as the versions list shows it beside the versions (newest first). */
export function discardedJson(info: DiscardedDraftInfo, names: UserNames) {
  return {
    discard: info.discard,
    based_on_version: info.version,
    discarded_by: person(info.discardedBy, names),
    discarded_at: info.discardedAt,
    summary: summarizeChanges(info.changes.map((c) => ({ ...c, actor: names.get(c.actor) ?? c.actor }))),
    unsaved_by: unsavedJson(info.changes, names),
    restorable: info.restorable,
  };
}

/** Unsaved edits per editor, with names: what the owner's "discard everyone's changes" confirmation lists. */
export function unsavedJson(changes: DraftState['changes'], names: UserNames) {
  return unsavedChangesByActor(changes).map(({ actor, count }) => ({ user: person(actor, names), count }));
}

/** The layout discarded draft `discard` dropped (its `dashboard/draftDiscarded`, counted like the fold). */
export function layoutOfDiscard(events: readonly Envelope[], discard: number): Layout | null {
  const discards = events.filter((e) => e.type === 'dashboard/draftDiscarded');
  const event = discards[discard - 1] as unknown as DraftDiscarded | undefined;
  return event?.data.layout ?? null;
}

/** The layout a version was saved with, read from the log (null when there is no such version). */
export function layoutOfVersion(events: readonly Envelope[], version: number): Layout | null {
  for (const event of events) {
    if (!VERSION_EVENTS.includes(event.type)) continue;
    const data = (event as unknown as DraftEvent).data as { version: number; layout: Layout };
    if (data.version === version) return data.layout;
  }
  return null;
}

export function draftJson(state: DraftState, streamVersion: number, names: UserNames = new Map()) {
  return {
    unsaved_by: unsavedJson(state.changes, names),
    dashboard_id: state.dashboardId,
    version: state.version,
    stream_version: streamVersion,
    has_unsaved_changes: state.changes.length > 0,
    position_json: toPositionJson(state.layout),
  };
}
