/**
 * Presence in an edit session (issue 5: who is editing, what they have selected). Presence is view state
 * carried by libs/events' `presence` messages, never events in the log; these functions only read it
 * against the current draft, so a selection of a component someone deleted simply disappears.
 */
import type { Peer } from '@strata/events';
import { componentName } from '../layout/layout.names';
import type { ComponentType, Layout, LayoutItem } from '../layout/types';

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

/** What another editor has selected, told in the words of the layout: a chart's title, a text's first line. */
export interface SelectedComponent {
  id: string;
  type: ComponentType;
  /** A chart's title, a header's or tab's text, a markdown's first line; null for rows, columns, dividers. */
  name: string | null;
}

const NAME_LENGTH = 40;

function nameOf(item: LayoutItem): string | null {
  const name = componentName(item);
  return name && name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name;
}

/** For each other editor (by user id), what they have selected: `selectionsByComponent` turned around. */
export function selectionsByEditor(
  selections: Readonly<Record<string, readonly Peer[]>>,
  layout: Layout,
): Record<number, SelectedComponent[]> {
  const out: Record<number, SelectedComponent[]> = {};
  for (const [id, peers] of Object.entries(selections)) {
    const item = layout[id];
    if (!item) continue;
    for (const peer of peers) (out[peer.userId] ??= []).push({ id, type: item.type, name: nameOf(item) });
  }
  return out;
}
