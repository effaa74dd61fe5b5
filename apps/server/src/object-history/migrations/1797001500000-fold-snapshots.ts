import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snapshots of the folds behind `?as_of=` (object-history/fold-snapshots.ts; DESIGN "snapshots every N
 * events"): an object's read-model row as it was after the event at `position`, so a past state is one
 * snapshot plus a short fold, also on the first request after a restart. Derived data, never the record:
 * the table may be emptied or dropped at any time and fills again as objects are read.
 * - `object` is `<kind>:<id>` (a dashboard folds two streams); `fold_version` fingerprints the fold and
 *   the upcasters that made the row, so a changed fold never starts from an old one's rows;
 * - `versions`: the last version folded of each of the object's streams, so a reader can tell, with one
 *   probe of the (stream, version) key per stream, that no event committed late below `position`;
 * - `max_at`: the latest `meta.at` folded: a time point at or after it may start here.
 * The key serves the one read, the latest snapshot at or before a point.
 */
export class FoldSnapshots1797001500000 implements MigrationInterface {
  name = 'FoldSnapshots1797001500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fold_snapshots (
        object text NOT NULL,
        fold_version text NOT NULL,
        position bigint NOT NULL,
        versions jsonb NOT NULL,
        max_at timestamptz NOT NULL,
        state jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (object, fold_version, position)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE fold_snapshots`);
  }
}
