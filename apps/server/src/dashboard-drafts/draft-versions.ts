/**
 * The version history as the REST API answers it: who saved, when, whose edits went in and what they
 * changed, with user ids resolved to names (the log keeps ids, which never change).
 */
import {
  summarizeChanges,
  toPositionJson,
  type DraftEvent,
  type DraftState,
  type Layout,
  type VersionInfo,
} from '@strata/domain';
import type { Envelope } from '@strata/events';

export type UserNames = ReadonlyMap<string, string>;
const VERSION_EVENTS = ['dashboard/draftStarted', 'dashboard/draftSaved', 'dashboard/versionRestored'];

/** Every actor a version list mentions, for one lookup of their names. */
export function actorsOf(versions: readonly VersionInfo[]): string[] {
  return [...new Set(versions.flatMap((v) => [v.savedBy, ...v.authors, ...v.changes.map((c) => c.actor)]))];
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

/** The layout a version was saved with, read from the log (null when there is no such version). */
export function layoutOfVersion(events: readonly Envelope[], version: number): Layout | null {
  for (const event of events) {
    if (!VERSION_EVENTS.includes(event.type)) continue;
    const data = (event as unknown as DraftEvent).data as { version: number; layout: Layout };
    if (data.version === version) return data.layout;
  }
  return null;
}

export function draftJson(state: DraftState, streamVersion: number) {
  return {
    dashboard_id: state.dashboardId,
    version: state.version,
    stream_version: streamVersion,
    has_unsaved_changes: state.changes.length > 0,
    position_json: toPositionJson(state.layout),
  };
}
