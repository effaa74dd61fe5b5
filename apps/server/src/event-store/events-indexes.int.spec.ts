/**
 * The indexes every append writes (migration 1797001950000, issue 11 item 6): no unique index on the
 * event id and no (stream, position) index; the unique (stream, version) index carries `position`, and a
 * read of streams up to a position is a range of versions of each (`versionAtPosition`), the same events
 * the position bounds name.
 */
import type { Envelope } from '@strata/events';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../storage/data-source';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { CommittedEvents } from './committed-events';
import { PostgresEventStore } from './postgres-event-store';

jest.setTimeout(120_000);

let db: TestDatabase;
let dataSource: DataSource;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('events_indexes');
  dataSource = await openDataSource(db.url);
  store = new PostgresEventStore(dataSource, new CommittedEvents());
});
afterAll(async () => {
  await store?.onModuleDestroy();
  await dataSource?.destroy();
  await db?.drop();
});

const meta = { actor: '1' };
const positions = (events: Envelope[]) => events.map((e) => e.position);

describe('events', () => {
  it('has no unique index on id and no (stream, position) index; (stream, version) carries position', async () => {
    const indexes = (await dataSource.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'events' ORDER BY indexname`,
    )) as { indexname: string; indexdef: string }[];
    const names = indexes.map((i) => i.indexname);
    expect(names).not.toContain('events_id_key');
    expect(names).not.toContain('events_stream_position_idx');
    expect(indexes.find((i) => i.indexname === 'events_stream_version_key')?.indexdef).toMatch(
      /UNIQUE INDEX .*\(stream, version\) INCLUDE \("?position"?\)/,
    );
  });

  it('still refuses a second event at a stream version', async () => {
    await store.append('doc:unique', [{ type: 'test/noted', data: {} }], { expectedVersion: 0, meta });
    await expect(
      dataSource.query(
        `INSERT INTO events (id, stream, version, type, data, meta) VALUES (gen_random_uuid(), 'doc:unique', 1, 't', '{}', '{}')`,
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'events_stream_version_key' });
  });

  it('reads streams up to a position, after a position, as the position bounds say', async () => {
    // Three streams appended in turns, some appends of two events.
    for (let round = 0; round < 6; round += 1) {
      for (const stream of ['doc:a', 'doc:b', 'doc:c']) {
        const events = Array.from({ length: round % 2 === 0 ? 1 : 2 }, () => ({ type: 'test/noted', data: { round } }));
        await store.append(stream, events, { expectedVersion: 'any', meta });
      }
    }
    const all = (await store.readStream('doc:a'))
      .concat(await store.readStream('doc:b'))
      .concat(await store.readStream('doc:c'))
      .sort((x, y) => x.position! - y.position!);
    const ab = all.filter((e) => e.stream !== 'doc:c');
    const cuts = [0, all[0]!.position! - 1, ...all.map((e) => e.position!), all.at(-1)!.position! + 5];
    for (const until of cuts) {
      for (const after of [0, all[3]!.position!, all[7]!.position!]) {
        const expected = ab.filter((e) => e.position! > after && e.position! <= until);
        expect(
          positions(await store.readStreamsUntil(['doc:a', 'doc:b', 'doc:none'], { position: until }, after)),
        ).toEqual(positions(expected));
      }
      expect(await store.countStreamsUntil(['doc:a', 'doc:b'], until)).toBe(
        ab.filter((e) => e.position! <= until).length,
      );
    }
  });
});
