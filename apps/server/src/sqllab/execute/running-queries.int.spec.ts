/**
 * A Stop can commit before the run registered its session (a sync run's first statement has no progress
 * step to notice it): the registry remembers it and cancels the session as it registers, so the
 * statement never runs. Real PostgreSQL session, real Stop event.
 */
import { EngineCancelledError } from '../../engines/query-engine';
import { RunningQueries } from './running-queries';
import { SqlLabDatabases } from './sqllab-databases';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

let app: SqlLabTestApp;
let db: number;

beforeAll(async () => {
  app = await startSqlLabTestApp();
  db = await app.addDatabase('target');
});
afterAll(async () => {
  await app?.close();
});

it('a Stop committed before the session registered cancels it on registration; other runs are untouched', async () => {
  const running = app.t.app.get(RunningQueries);
  const engine = await app.t.app.get(SqlLabDatabases).engine(db);
  const stopped = clientId();
  // The committed `sqllab/queryStopped` of a run not (yet) held here.
  running.cancel(stopped);
  const late = await engine.openSession();
  const other = await engine.openSession();
  try {
    running.register(stopped, late);
    running.register(clientId(), other);
    await expect(late.begin({ readOnly: true })).rejects.toBeInstanceOf(EngineCancelledError);
    await other.begin({ readOnly: true });
    expect((await other.execute('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await late.release();
    await other.release();
  }
});
