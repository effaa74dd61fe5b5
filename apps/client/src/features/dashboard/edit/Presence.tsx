import type { Peer } from '@strata/events';
import { peerColor } from './edit-context';

/** Avatars of the other people editing this dashboard now. */
export function PresenceAvatars({ editors }: { editors: readonly Peer[] }) {
  if (editors.length === 0) return <span className="muted edit-presence">Only you are editing</span>;
  return (
    <ul className="edit-presence" aria-label="Other editors">
      {editors.map((peer) => (
        <li
          key={peer.userId}
          className="edit-avatar"
          style={{ background: peerColor(peer.userId) }}
          title={`${peer.username} is editing`}
          aria-label={`${peer.username} is editing`}
        >
          {peer.username.slice(0, 2).toUpperCase()}
        </li>
      ))}
    </ul>
  );
}
