/**
 * The fold version a snapshot is kept under (fold-snapshots.ts): a fingerprint of what makes a past row
 * out of stored events, so a server whose fold or upcasters changed does not start from rows an older
 * one folded (a row of a fold that gained a column would lack it). Computed, not kept by hand: the kind,
 * its streams, the event types its fold handles, the source of its `evolve`, and the old event types the
 * upcasters read. A change it cannot see (a helper the fold calls, an upcaster's body) needs
 * SNAPSHOT_FORMAT raised; emptying `fold_snapshots` does the same, since snapshots are only derived data.
 */
import { createHash } from 'node:crypto';
import { upcastEvents } from '@strata/domain';
import type { PastKind } from './object-kinds';

/** Raise it when a fold's output changes in a way the fingerprint below does not see. */
export const SNAPSHOT_FORMAT = 1;

const versions = new WeakMap<PastKind, string>();

export function foldVersion(kind: PastKind): string {
  let version = versions.get(kind);
  if (version === undefined) {
    const parts = [
      SNAPSHOT_FORMAT,
      kind.kind,
      kind.foldStreams.toString(),
      kind.fold.handles.join(','),
      kind.fold.evolve.toString(),
      upcastEvents.oldTypes.join(','),
    ];
    version = createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
    versions.set(kind, version);
  }
  return version;
}
