/**
 * An object's read-model row as it was at a log point: the latest whole snapshot at or before it
 * (fold-snapshots.ts) plus the fold of the object's events after it, through the read model's own pure
 * fold, so a past state never disagrees with what the projection held then.
 *
 * Snapshots are written by the reads that fold past a multiple of SNAPSHOT_EVERY stored events of the
 * object, so an object's first past read folds from its start once and every later one, in this process
 * or after a restart, folds at most SNAPSHOT_EVERY events. Not at append time: most objects are never
 * read in the past, and a subscriber would fold every event of the log.
 */
import type { Envelope } from '@strata/events';
import type { EventStore, LogPoint } from '../event-store';
import type { Row } from '../projections/fold-projection';
import type { FoldSnapshot, FoldSnapshots } from './fold-snapshots';
import { foldVersion } from './fold-version';
import type { PastKind } from './object-kinds';

/**
 * Stored events between snapshots. Measured with the as-of-scale benchmark (apps/bench README): a read
 * costs the events after the snapshot (about 1.3 kB each for a chart), and 100 keeps that to a few ms
 * while a 10,000-event object keeps 100 rows.
 */
export const SNAPSHOT_EVERY = 100;

export class PastStates {
  constructor(
    private readonly store: EventStore,
    private readonly snapshots: FoldSnapshots,
    private readonly every = SNAPSHOT_EVERY,
  ) {}

  /** The row at `point`, or null when the object did not exist then (not yet created, or deleted by then). */
  async row(kind: PastKind, id: number, point: LogPoint): Promise<Row | null> {
    const streams = kind.foldStreams(id);
    const object = `${kind.kind}:${id}`;
    const version = foldVersion(kind);
    const start = await this.snapshots.latest(object, version, point);
    const events = await this.store.readStreamsUntil(streams, point, start?.position ?? 0);
    const from: FoldSnapshot = start ?? {
      position: 0,
      versions: Object.fromEntries(streams.map((s) => [s, 0])),
      maxAt: '',
      row: null,
    };
    // A time point may skip an event whose clock ran ahead; only a position point folds every event up to
    // its end, so only it leaves snapshots behind.
    const { row, made } = this.fold(kind, from, events, 'position' in point);
    await this.snapshots.save(object, version, made);
    return row;
  }

  private fold(kind: PastKind, from: FoldSnapshot, events: readonly Envelope[], snapshotting: boolean) {
    const handles = new Set<string>(kind.fold.handles);
    const versions = { ...from.versions };
    const stored = () => Object.values(versions).reduce((a, b) => a + b, 0);
    let next = (Math.floor(stored() / this.every) + 1) * this.every;
    let { row, maxAt } = from;
    const made: FoldSnapshot[] = [];
    events.forEach((event, i) => {
      if (handles.has(event.type)) row = kind.fold.evolve(row, event);
      versions[event.stream] = event.version;
      if (maxAt === '' || Date.parse(event.meta.at) > Date.parse(maxAt)) maxAt = event.meta.at;
      // An upcaster may read one stored event as several (same position): a snapshot only after the last,
      // since the next read starts after its position.
      const whole = events[i + 1]?.position !== event.position;
      if (snapshotting && whole && stored() >= next && event.position !== undefined) {
        made.push({ position: event.position, versions: { ...versions }, maxAt, row });
        next = (Math.floor(stored() / this.every) + 1) * this.every;
      }
    });
    return { row, made };
  }
}
