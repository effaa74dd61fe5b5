import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `saved_query_favorites`: the users' stars on saved queries (issue 15 item 6), a read model of the
 * `saved_query:<id>` streams beside `saved_query` (no foreign keys: rebuilds replay freely).
 */
export class SavedQueryFavorites1797002350000 implements MigrationInterface {
  name = 'SavedQueryFavorites1797002350000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE saved_query_favorites (saved_query_id integer NOT NULL, user_id integer NOT NULL, created_on timestamptz NOT NULL, PRIMARY KEY (saved_query_id, user_id))`,
    );
    // The home page and the favourites filter look up one user's stars.
    await q.query(`CREATE INDEX saved_query_favorites_user_idx ON saved_query_favorites (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_query_favorites`);
  }
}
