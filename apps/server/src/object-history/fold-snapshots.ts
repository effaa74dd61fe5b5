/**
 * Snapshots of `?as_of=` folds in PostgreSQL (table `fold_snapshots`, migrations/1797001500000): an
 * object's row as it was after a log position, so a past state is one snapshot plus the events after it,
 * on the first request after a start as on later ones (DESIGN "snapshots every N events").
 *
 * Derived data, never the record: a snapshot is used only when its fold version is the running code's
 * (fold-version.ts) and it is still whole. Whole: an event can commit late below a snapshot's position on
 * another stream of the object (positions are taken before commit); the snapshot then lacks it. Within a
 * stream position order is version order, so it is enough to look up, by the (stream, version) key, the
 * event after the last one folded of each stream: if that one lies at or below the position, the snapshot
 * is not whole and the read falls back to an earlier one. That probe is the cheap recount: two index
 * lookups for a dashboard, where counting the object's events up to there read all of them.
 */
import type { DataSource } from 'typeorm';
import type { LogPoint } from '../event-store';
import type { Row } from '../projections/fold-projection';

export interface FoldSnapshot {
  /** The position of the last event folded. */
  position: number;
  /** The last version folded of each stream of the object (0: none yet). */
  versions: Record<string, number>;
  /** The latest `meta.at` folded (ISO): the snapshot serves a time point at or after it. */
  maxAt: string;
  /** The read model's row then; null before the object's creation or after its deletion. */
  row: Row | null;
}

interface SnapshotRow {
  position: string;
  versions: Record<string, number>;
  max_at: Date | string;
  state: Row | null;
}

export class FoldSnapshots {
  constructor(private readonly dataSource: DataSource) {}

  /** The latest whole snapshot of `object` made by `foldVersion` that lies wholly before `point`, or null. */
  async latest(object: string, foldVersion: string, point: LogPoint): Promise<FoldSnapshot | null> {
    const [bound, value] =
      'position' in point ? ['s.position <= $3', point.position] : ['s.max_at <= $3::timestamptz', point.at];
    const found = (await this.dataSource.query(
      `SELECT s.position, s.versions, s.max_at, s.state FROM fold_snapshots s
        WHERE s.object = $1 AND s.fold_version = $2 AND ${bound}
          AND NOT EXISTS (
            SELECT 1 FROM jsonb_each_text(s.versions) AS v(stream, version)
              JOIN events e ON e.stream = v.stream AND e.version = v.version::int + 1
             WHERE e.position <= s.position)
        ORDER BY s.position DESC LIMIT 1`,
      [object, foldVersion, value],
    )) as SnapshotRow[];
    const s = found[0];
    if (!s) return null;
    return {
      position: Number(s.position),
      versions: s.versions,
      maxAt: new Date(s.max_at).toISOString(),
      row: s.state,
    };
  }

  /**
   * Keeps `snapshots` of `object`; ones it has already are left as they are (two readers may fold the same
   * stretch). Snapshots of other fold versions of the object go: no running code of this version reads them.
   */
  async save(object: string, foldVersion: string, snapshots: readonly FoldSnapshot[]): Promise<void> {
    if (snapshots.length === 0) return;
    const rows = snapshots.map((s) => ({ position: s.position, versions: s.versions, max_at: s.maxAt, state: s.row }));
    await this.dataSource.query(
      `WITH stale AS (DELETE FROM fold_snapshots WHERE object = $1 AND fold_version <> $2)
       INSERT INTO fold_snapshots (object, fold_version, position, versions, max_at, state)
       SELECT $1, $2, s.position, s.versions, s.max_at, s.state
         FROM jsonb_to_recordset($3::jsonb) AS s(position bigint, versions jsonb, max_at timestamptz, state jsonb)
       ON CONFLICT DO NOTHING`,
      [object, foldVersion, JSON.stringify(rows)],
    );
  }
}
