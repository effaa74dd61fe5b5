/**
 * Presence in an edit session (issue 5: who is editing, what they have selected). Presence is view state
 * carried by libs/events' `presence` messages, never events in the log; these functions only read it
 * against the current draft, so a selection of a component someone deleted simply disappears.
 */
import type { Peer } from '@strata/events';
import type { Layout } from '../layout/types';

export const PRESENCE_EDITING = 'editing';

/** The other people editing, one entry per user (several tabs of one user count once), by name. */
export function otherEditors(peers: readonly Peer[], selfSessionId: string): Peer[] {
  const byUser = new Map<number, Peer>();
  for (const peer of peers) {
    if (peer.sessionId === selfSessionId || peer.state.mode !== PRESENCE_EDITING) continue;
    if (!byUser.has(peer.userId)) byUser.set(peer.userId, peer);
  }
  return [...byUser.values()].sort((a, b) => a.username.localeCompare(b.username));
}

/** For each component of the draft, the other editors who have it selected. */
export function selectionsByComponent(
  peers: readonly Peer[],
  layout: Layout,
  selfSessionId: string,
): Record<string, Peer[]> {
  const out: Record<string, Peer[]> = {};
  for (const peer of otherEditors(peers, selfSessionId)) {
    const selected = peers
      .filter((p) => p.userId === peer.userId && p.sessionId !== selfSessionId)
      .flatMap((p) => p.state.selection);
    for (const id of new Set(selected)) {
      if (!layout[id]) continue;
      (out[id] ??= []).push(peer);
    }
  }
  return out;
}
