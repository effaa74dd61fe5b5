import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The default results backend (REFERENCE §1.8): zlib-compressed JSON under a uuid key, until expires_at. */
export class QueryResults1796000000100 implements MigrationInterface {
  name = 'QueryResults1796000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE query_results (
        key varchar(64) PRIMARY KEY,
        value bytea NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX query_results_expires_at_idx ON query_results (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE query_results');
  }
}
