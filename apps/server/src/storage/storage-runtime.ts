/**
 * Decides where the metadata and examples databases are and brings them up: with DATABASE_URL, the
 * given PostgreSQL; without it, two embedded PGlite databases under STRATA_HOME (metadata/, examples/),
 * each in its own child process, each asking every connection for its generated password
 * (STRATA_HOME/metadata.password, examples.password).
 */
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded/embedded-postgres';
import { readOrCreatePassword } from './embedded/password-file';
import { ExamplesDatabase } from './examples-database';
import { externalExamplesDatabase } from './external-examples';

export const EMBEDDED_READER_ROLE = 'strata_examples_reader';

export interface StorageLog {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export class StorageRuntime {
  private constructor(
    readonly metadataUrl: string,
    readonly examples: ExamplesDatabase,
    /** The embedded databases' processes; empty with DATABASE_URL. */
    readonly embedded: readonly EmbeddedPostgres[],
  ) {}

  static async start(config: AppConfig, log: StorageLog): Promise<StorageRuntime> {
    if (config.databaseUrl) {
      const examples = await externalExamplesDatabase({
        metadataUrl: config.databaseUrl,
        examplesUrl: config.examplesDatabaseUrl,
        secretKey: config.secretKey,
        warn: (m) => log.warn(m),
      });
      return new StorageRuntime(config.databaseUrl, examples, []);
    }
    const onUnexpectedExit = (detail: string) => log.error(`!!! ${detail}`);
    const onRecovered = (detail: string) => log.log(detail);
    const home = config.strataHome;
    const started = await Promise.allSettled([
      startEmbeddedPostgres({
        name: 'metadata',
        dataDir: join(home, 'metadata'),
        password: readOrCreatePassword(join(home, 'metadata.password')),
        onUnexpectedExit,
        onRecovered,
      }),
      startEmbeddedPostgres({
        name: 'examples',
        dataDir: join(home, 'examples'),
        // One password for the loader and the reader: PGlite has one session, whatever the user name.
        password: readOrCreatePassword(join(home, 'examples.password')),
        readerRole: EMBEDDED_READER_ROLE,
        niceness: 5,
        onUnexpectedExit,
        onRecovered,
      }),
    ]);
    const [metadata, examples] = started;
    if (metadata.status === 'rejected' || examples.status === 'rejected') {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
      throw (metadata.status === 'rejected' ? metadata.reason : (examples as PromiseRejectedResult).reason) as Error;
    }
    for (const db of [metadata.value, examples.value]) {
      log.log(
        `Embedded ${db.name} database (PGlite, pid ${db.pid}) on 127.0.0.1:${db.port}, password in ${join(home, `${db.name}.password`)}`,
      );
    }
    const examplesDb = new ExamplesDatabase(
      examples.value.url('postgres'),
      examples.value.url(EMBEDDED_READER_ROLE),
      EMBEDDED_READER_ROLE,
      'session-role',
    );
    return new StorageRuntime(metadata.value.url('postgres'), examplesDb, [metadata.value, examples.value]);
  }

  /**
   * Restarts the embedded examples database (same port, so every URL stays valid): the only way to stop
   * a statement running in PGlite. False when the examples database is not embedded.
   */
  async restartEmbeddedExamples(): Promise<boolean> {
    const examples = this.embedded.find((db) => db.name === 'examples');
    if (!examples) return false;
    await examples.restart();
    return true;
  }

  async stop(): Promise<void> {
    await Promise.all(this.embedded.map((db) => db.stop()));
  }
}
