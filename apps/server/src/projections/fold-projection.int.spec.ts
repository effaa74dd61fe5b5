import fc from 'fast-check';
import type { Envelope, EventLike } from '@strata/events';
import { openTestStore } from '../../test/event-store/store-fixture';
import { foldProjection, type FoldProjection } from './fold-projection';
import { liveAndRebuilt, tableRows } from './testing/rebuild-equals-live';

/** A small context of the test's own: cards with a title, tags and a JSON document, and their likes. */
type CardEvent =
  | EventLike<'test/cardCreated', { title: string }>
  | EventLike<'test/cardRenamed', { title: string }>
  | EventLike<'test/cardTagged', { tag: string }>
  | EventLike<'test/cardDeleted', Record<string, never>>
  | EventLike<'test/cardLiked', { userId: number }>
  | EventLike<'test/cardUnliked', { userId: number }>;
type CardEnvelope = Envelope & CardEvent;

interface Card {
  id: number;
  title: string;
  tags: string[];
  doc: { renames: number };
  changed_on: string;
  version: number;
}
interface Like {
  card_id: number;
  user_id: number;
}

const cardId = (event: Envelope) => Number(event.stream.split(':')[1]);

const cards: FoldProjection<Card, CardEnvelope> = {
  name: 'test_cards',
  table: 'test_cards',
  key: ['id'],
  handles: ['test/cardCreated', 'test/cardRenamed', 'test/cardTagged', 'test/cardDeleted'],
  rowsOf: (event) => ({ id: cardId(event) }),
  evolve: (row, event) => {
    const stamp = { changed_on: event.meta.at, version: event.version };
    switch (event.type) {
      case 'test/cardCreated':
        return { id: cardId(event), title: event.data.title, tags: [], doc: { renames: 0 }, ...stamp };
      case 'test/cardRenamed':
        return row && { ...row, title: event.data.title, doc: { renames: row.doc.renames + 1 }, ...stamp };
      case 'test/cardTagged':
        return row && { ...row, tags: [...row.tags, event.data.tag], ...stamp };
      case 'test/cardDeleted':
        return null;
      default:
        return row;
    }
  },
};

const likes: FoldProjection<Like, CardEnvelope> = {
  name: 'test_likes',
  table: 'test_likes',
  key: ['card_id', 'user_id'],
  handles: ['test/cardLiked', 'test/cardUnliked', 'test/cardDeleted'],
  // A deleted card takes all its likes: part of the key selects every matching row.
  rowsOf: (event) =>
    event.type === 'test/cardDeleted'
      ? { card_id: cardId(event) }
      : { card_id: cardId(event), user_id: (event.data as { userId: number }).userId },
  evolve: (_row, event) => {
    switch (event.type) {
      case 'test/cardLiked':
        return { card_id: cardId(event), user_id: event.data.userId };
      default:
        return null;
    }
  },
};

let s: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  s = await openTestStore('fold-projection');
  await s.dataSource.query(
    `CREATE TABLE test_cards (id int PRIMARY KEY, title text NOT NULL, tags text[] NOT NULL, doc jsonb NOT NULL,
       changed_on timestamptz NOT NULL, version int NOT NULL)`,
  );
  await s.dataSource.query(`CREATE TABLE test_likes (card_id int, user_id int, PRIMARY KEY (card_id, user_id))`);
  s.store.registerProjection(foldProjection(cards));
  s.store.registerProjection(foldProjection(likes));
});
afterAll(async () => s.close());

const append = (stream: string, events: CardEvent[]) =>
  s.store.append(stream, events, { expectedVersion: 'any', meta: { actor: '1' } });

describe('a fold projection', () => {
  it('writes what evolve returns, in the column types of the table', async () => {
    await append('card:1', [{ type: 'test/cardCreated', data: { title: 'Flights' } }]);
    await append('card:1', [
      { type: 'test/cardRenamed', data: { title: 'Flights by origin' } },
      { type: 'test/cardTagged', data: { tag: 'delays' } },
    ]);
    await append('card:1', [{ type: 'test/cardLiked', data: { userId: 7 } }]);
    await append('card:1', [{ type: 'test/cardLiked', data: { userId: 8 } }]);
    const [card] = (await s.dataSource.query(
      `SELECT title, tags, doc, version FROM test_cards WHERE id = 1`,
    )) as Card[];
    expect(card).toEqual({ title: 'Flights by origin', tags: ['delays'], doc: { renames: 1 }, version: 3 });
    expect(await tableRows(s.dataSource, 'test_likes')).toEqual([
      { card_id: 1, user_id: 7 },
      { card_id: 1, user_id: 8 },
    ]);
  });

  it('deletes every row a partial key selects', async () => {
    await append('card:1', [{ type: 'test/cardDeleted', data: {} }]);
    expect(await tableRows(s.dataSource, 'test_cards')).toEqual([]);
    expect(await tableRows(s.dataSource, 'test_likes')).toEqual([]);
  });

  it('rebuilt from the log equals the live tables, after any sequence of commands', async () => {
    const command = fc.oneof(
      fc.record({ type: fc.constant('test/cardCreated' as const), data: fc.record({ title: fc.string() }) }),
      fc.record({ type: fc.constant('test/cardRenamed' as const), data: fc.record({ title: fc.string() }) }),
      fc.record({
        type: fc.constant('test/cardTagged' as const),
        data: fc.record({ tag: fc.string({ maxLength: 5 }) }),
      }),
      fc.record({ type: fc.constant('test/cardDeleted' as const), data: fc.constant({}) }),
      fc.record({
        type: fc.constant('test/cardLiked' as const),
        data: fc.record({ userId: fc.integer({ min: 1, max: 4 }) }),
      }),
      fc.record({
        type: fc.constant('test/cardUnliked' as const),
        data: fc.record({ userId: fc.integer({ min: 1, max: 4 }) }),
      }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), command), { maxLength: 25 }),
        async (steps) => {
          run += 1;
          for (const [card, event] of steps) await append(`card:${run * 10 + card}`, [event as CardEvent]);
          for (const name of ['test_cards', 'test_likes']) {
            const { live, rebuilt } = await liveAndRebuilt(s.store, s.dataSource, name, ['test_cards', 'test_likes']);
            expect(rebuilt).toEqual(live);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses an evolve that changes a row’s key', async () => {
    const bad = foldProjection<Card, CardEnvelope>({
      ...cards,
      name: 'bad',
      evolve: (row, e) => row && { ...row, id: row.id + 1, version: e.version },
    });
    await append('card:900', [{ type: 'test/cardCreated', data: { title: 'x' } }]);
    await expect(
      s.dataSource.transaction((tx) =>
        bad.apply(tx, {
          id: 'x',
          stream: 'card:900',
          version: 2,
          type: 'test/cardRenamed',
          data: { title: 'y' },
          meta: { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
        }),
      ),
    ).rejects.toThrow(/changed the key/);
  });
});
