/**
 * Child process of crash.int.spec.ts: appends batches of three events to one stream in a loop through
 * the real PostgresEventStore and prints `acked <version>` for each append the store acknowledged. The
 * test kills it with SIGKILL at a random moment and then checks that every acknowledged event survived.
 *
 * Usage: node --require test/register-ts.cjs test/event-store/append-loop.ts <database url> <stream>
 */
import { CommittedEvents } from '../../src/event-store/committed-events';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store';
import { migratedDataSource } from './store-fixture';

async function main(): Promise<void> {
  const [url, stream] = process.argv.slice(2);
  if (!url || !stream) throw new Error('usage: append-loop <database url> <stream>');
  const dataSource = await migratedDataSource(url, 2);
  const store = new PostgresEventStore(dataSource, new CommittedEvents());
  process.stdout.write('ready\n');
  for (let version = 0; ;) {
    const batch = [1, 2, 3].map((n) => ({ type: 'test/ticked', data: { n: version + n } }));
    const result = await store.append(stream, batch, {
      expectedVersion: version,
      commandId: `tick-${version}`,
      meta: { actor: 'loop' },
    });
    version = result.version;
    process.stdout.write(`acked ${version}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
