import type { CSSProperties } from 'react';
import { selectionsByEditor, type Layout, type SelectedComponent } from '@strata/domain';
import type { Peer } from '@strata/events';
import { peerColor } from './edit-context';

const TYPE_WORDS: Partial<Record<SelectedComponent['type'], string>> = {
  CHART: 'chart',
  MARKDOWN: 'text',
  HEADER: 'header',
  TAB: 'tab',
  TABS: 'tabs',
  ROW: 'row',
  COLUMN: 'column',
  DIVIDER: 'divider',
};

const selectedWords = (selected: readonly SelectedComponent[]) =>
  selected.map((c) => `${TYPE_WORDS[c.type] ?? c.type.toLowerCase()}${c.name ? ` “${c.name}”` : ''}`).join(', ');

/** Avatars of the other people editing this dashboard now; the tooltip says what each has selected. */
export function PresenceAvatars({
  editors,
  selections,
  layout,
}: {
  editors: readonly Peer[];
  selections: Readonly<Record<string, readonly Peer[]>>;
  layout: Layout;
}) {
  if (editors.length === 0) return <span className="muted edit-presence">Only you are editing</span>;
  const byEditor = selectionsByEditor(selections, layout);
  return (
    <ul className="edit-presence" aria-label="Other editors">
      {editors.map((peer) => {
        const selected = byEditor[peer.userId] ?? [];
        const what = selected.length > 0 ? `has selected ${selectedWords(selected)}` : 'has nothing selected';
        return (
          <li
            key={peer.userId}
            className="edit-avatar"
            style={{ background: peerColor(peer.userId) }}
            title={`${peer.username} is editing and ${what}`}
            aria-label={`${peer.username} is editing`}
          >
            {peer.username.slice(0, 2).toUpperCase()}
          </li>
        );
      })}
    </ul>
  );
}

/** The outline of a component other editors have selected, in the first one's colour. */
export const peerOutline = (peers: readonly Peer[]): CSSProperties | undefined =>
  peers[0] ? { outline: `2px solid ${peerColor(peers[0].userId)}`, outlineOffset: 1 } : undefined;

/** One name tag per editor who has the component selected, each in that editor's colour. */
export function PeerLabels({ peers }: { peers: readonly Peer[] }) {
  if (peers.length === 0) return null;
  return (
    <span className="edit-item__peers" title={`Selected by ${peers.map((p) => p.username).join(', ')}`}>
      {peers.map((p) => (
        <span key={p.userId} className="edit-item__peer" style={{ background: peerColor(p.userId) }}>
          {p.username}
        </span>
      ))}
    </span>
  );
}
