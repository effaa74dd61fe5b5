import type { DataSource } from 'typeorm';
import type { ExamplesDatabase } from '../../storage/examples-database';

export const EXAMPLES_DATABASE_NAME = 'examples';

/**
 * Registers (or re-points) the `examples` entry of the databases table at the read-only URL. Called at
 * every start: the embedded examples database listens on a new port each time. Settings an admin
 * changed (exposure, async...) are left as they are.
 */
export async function registerExamplesDatabase(dataSource: DataSource, examples: ExamplesDatabase): Promise<void> {
  await dataSource.query(
    `INSERT INTO databases (database_name, uri, expose_in_sqllab, allow_dml, extra)
     VALUES ($1, $2, true, false, $3::jsonb)
     ON CONFLICT (database_name) DO UPDATE SET uri = EXCLUDED.uri, changed_on = now()
     WHERE databases.uri IS DISTINCT FROM EXCLUDED.uri`,
    [EXAMPLES_DATABASE_NAME, examples.readerUrl, JSON.stringify({ examples: true, read_only_enforcement: examples.enforcement })],
  );
}
