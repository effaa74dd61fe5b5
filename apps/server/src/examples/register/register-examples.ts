/**
 * Registers (or re-points) the `examples` database through the databases command path, like any
 * database an admin adds: events on `database:<id>`, the reader's password encrypted in
 * `database_credentials`, never in `databases.uri` (an external EXAMPLES_DATABASE_URL has one). Called
 * at every start: the embedded examples database listens on a new port each time. Only the connection is
 * changed, and only when it differs; settings an admin changed (exposure, async...) are left as they are.
 */
import { DomainError } from '@strata/events';
import type { DatabasesService } from '../../databases/databases.service';
import { parseConnectionUri, PASSWORD_MASK } from '../../engines/connection-uri';
import type { ConnectionSpec } from '../../engines/query-engine';
import type { ExamplesDatabase } from '../../storage/examples-database';

export const EXAMPLES_DATABASE_NAME = 'examples';

/** Returns the examples database's id. */
export async function registerExamplesDatabase(
  databases: DatabasesService,
  examples: ExamplesDatabase,
): Promise<number> {
  const connection = parseConnectionUri(examples.readerUrl);
  for (let attempt = 1; ; attempt += 1) {
    const existing = await databases.findByName(EXAMPLES_DATABASE_NAME);
    try {
      if (!existing) {
        const created = await databases.create(
          {
            settings: {
              database_name: EXAMPLES_DATABASE_NAME,
              expose_in_sqllab: true,
              allow_dml: false,
              extra: { examples: true, read_only_enforcement: examples.enforcement },
            },
            connection,
          },
          'system',
        );
        return created.id;
      }
      const stored = await storedConnection(databases, existing);
      // A row an earlier version wrote directly may hold the password in clear in its URI: move it out.
      const clearPassword = parseConnectionUri(existing.uri).password !== undefined;
      if (clearPassword || !sameConnection(stored, connection)) {
        // The mask keeps the stored password, '' removes it: only a new password is written.
        const password =
          !clearPassword && stored && (stored.password ?? '') === (connection.password ?? '')
            ? PASSWORD_MASK
            : (connection.password ?? '');
        await databases.update(existing.id, { settings: {}, connection: { ...connection, password } }, 'system');
      }
      return existing.id;
    } catch (err) {
      // Another server process registered it at the same moment: compare with what it wrote.
      if (attempt < 3 && err instanceof DomainError && err.code === 'database_name_taken') continue;
      throw err;
    }
  }
}

async function storedConnection(
  databases: DatabasesService,
  row: { id: number; uri: string },
): Promise<ConnectionSpec | null> {
  try {
    return await databases.connectionSpec(row);
  } catch {
    return null; // unreadable (SECRET_KEY changed): write it again
  }
}

function sameConnection(a: ConnectionSpec | null, b: ConnectionSpec): boolean {
  if (!a) return false;
  return (
    a.backend === b.backend &&
    a.host === b.host &&
    a.port === b.port &&
    a.database === b.database &&
    a.username === b.username &&
    (a.password ?? '') === (b.password ?? '') &&
    JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {})
  );
}
