/**
 * A read model of several tables (projection-group.ts): an event goes to every table whose fold handles
 * it, and a rebuild under the group's one name empties and replays every table, so a row no event
 * explains (one left by an older projection, a hand edit) is gone from each of them afterwards.
 */
import type { Envelope, EventLike } from '@strata/events';
import { openTestStore } from '../../test/event-store/store-fixture';
import { foldProjection, type FoldProjection } from './fold-projection';
import { projectionGroup } from './projection-group';
import { tableRows } from './testing/rebuild-equals-live';

type NoteEvent =
  | EventLike<'test/noteWritten', { text: string }>
  | EventLike<'test/notePinned', { userId: number }>
  | EventLike<'test/noteDeleted', Record<string, never>>;
type NoteEnvelope = Envelope & NoteEvent;

const noteId = (event: Envelope) => Number(event.stream.split(':')[1]);

const notes: FoldProjection<{ id: number; text: string }, NoteEnvelope> = {
  name: 'notes',
  table: 'test_notes',
  key: ['id'],
  handles: ['test/noteWritten', 'test/noteDeleted'],
  rowsOf: (event) => ({ id: noteId(event) }),
  evolve: (_row, event) => (event.type === 'test/noteWritten' ? { id: noteId(event), text: event.data.text } : null),
};
const pins: FoldProjection<{ note_id: number; user_id: number }, NoteEnvelope> = {
  name: 'notes',
  table: 'test_pins',
  key: ['note_id', 'user_id'],
  handles: ['test/notePinned', 'test/noteDeleted'],
  rowsOf: (event) =>
    event.type === 'test/notePinned'
      ? { note_id: noteId(event), user_id: event.data.userId }
      : { note_id: noteId(event) },
  evolve: (_row, event) =>
    event.type === 'test/notePinned' ? { note_id: noteId(event), user_id: event.data.userId } : null,
};

let s: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  s = await openTestStore('projection-group');
  await s.dataSource.query(`CREATE TABLE test_notes (id int PRIMARY KEY, text text NOT NULL)`);
  await s.dataSource.query(`CREATE TABLE test_pins (note_id int, user_id int, PRIMARY KEY (note_id, user_id))`);
  s.store.registerProjection(projectionGroup('notes', [foldProjection(pins), foldProjection(notes)]));
});
afterAll(async () => s.close());

const append = (stream: string, events: NoteEvent[]) =>
  s.store.append(stream, events, { expectedVersion: 'any', meta: { actor: '1' } });

it('sends each event to every table that handles it, and rebuilds every table under the one name', async () => {
  await append('note:1', [
    { type: 'test/noteWritten', data: { text: 'Kept' } },
    { type: 'test/notePinned', data: { userId: 7 } },
  ]);
  await append('note:2', [
    { type: 'test/noteWritten', data: { text: 'Gone' } },
    { type: 'test/notePinned', data: { userId: 7 } },
  ]);
  await append('note:2', [{ type: 'test/noteDeleted', data: {} }]);
  const folded = { notes: [{ id: 1, text: 'Kept' }], pins: [{ note_id: 1, user_id: 7 }] };
  const read = async () => ({
    notes: await tableRows(s.dataSource, 'test_notes'),
    pins: await tableRows(s.dataSource, 'test_pins'),
  });
  expect(await read()).toEqual(folded);

  await s.dataSource.query(`INSERT INTO test_notes VALUES (9, 'stray')`);
  await s.dataSource.query(`INSERT INTO test_pins VALUES (9, 8)`);
  await s.store.rebuild('notes');
  expect(await read()).toEqual(folded);
});
