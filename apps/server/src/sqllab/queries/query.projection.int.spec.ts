/**
 * The `query` read model is a fold of the log (issue 11 item 4): after any sequence of run steps (sent
 * as DecideQueryRun on the CommandBus, as the executor, Stop and recovery send them) and tab links
 * (through the tab-state API), the live table equals a rebuild from the log.
 */
import { LimitingFactor, type QueryRunCommand } from '@strata/domain';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { liveAndRebuilt, refusedOrDone } from '../../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { insertDatabase, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { clientId } from '../execute/testing/sqllab-test-app';
import { TabStateModule } from '../tab-state/tab-state.module';
import { QueryRuns } from './query-runs';

let t: AuthTestApp;
let ana: ApiClient;
let dbId: number;

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [TabStateModule] });
  ana = await userClient(t, ['sql_lab']);
  dbId = await insertDatabase(t, { name: 'runs-db', uri: 'postgresql://reader@127.0.0.1:5432/test' });
});
afterAll(() => t.close());

/** A step of a run, by the run's index in the sequence's runs. */
type RunStep =
  | { kind: 'start'; run: number; async: boolean; statements: number; ctas: boolean }
  | { kind: 'progress'; run: number; statement: number }
  | { kind: 'complete'; run: number; ctas: boolean }
  | { kind: 'fail'; run: number; executed: boolean }
  | { kind: 'stop'; run: number }
  | { kind: 'timeOut'; run: number };
/** A tab link, by the tab's index in the sequence's tabs. */
type TabStep =
  { kind: 'createTab' } | { kind: 'migrate'; run: number; tab: number } | { kind: 'remove'; run: number; tab: number };
type Step = RunStep | TabStep;

const run = fc.integer({ min: 0, max: 3 });
const tab = fc.integer({ min: 0, max: 1 });
// Weighted so a sequence starts runs and links them to tabs often enough to matter.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('start' as const),
      run,
      async: fc.boolean(),
      statements: fc.integer({ min: 0, max: 2 }),
      ctas: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('progress' as const), run, statement: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), run, ctas: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), run, executed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stop' as const), run }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('timeOut' as const), run }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'createTab' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('migrate' as const, 'remove' as const), run, tab }) },
);

let clock = 1_800_000_000_000;

function runCommand(s: RunStep, id: string): QueryRunCommand {
  const at = (clock += 7);
  switch (s.kind) {
    case 'start':
      return {
        type: 'StartQuery',
        statementCount: s.statements,
        query: {
          clientId: id,
          userId: ana.userId,
          databaseId: dbId,
          sql: `SELECT ${s.run}`,
          renderedSql: `SELECT ${s.run}`,
          sqlEditorId: 'local-tab',
          tab: 'Untitled Query 1',
          catalog: null,
          schema: 'public',
          limit: 1000,
          limitingFactor: LimitingFactor.NOT_LIMITED,
          selectAsCta: s.ctas,
          ctasMethod: 'TABLE',
          tmpTableName: s.ctas ? 'tmp_runs' : null,
          tmpSchemaName: null,
          runAsync: s.async,
          status: s.async ? 'pending' : 'running',
          startDttm: at,
        },
      };
    case 'progress':
      return { type: 'ReportProgress', statement: s.statement, statementCount: 3, at };
    case 'complete':
      return {
        type: 'CompleteQuery',
        rows: s.run,
        limitingFactor: LimitingFactor.NOT_LIMITED,
        resultsKey: s.ctas ? null : `key-${id}`,
        columns: [{ column_name: 'n', name: 'n', type: 'integer', type_generic: 0, is_dttm: false }],
        executedSql: `SELECT ${s.run} LIMIT 1001`,
        tempTable: s.ctas ? 'tmp_done' : null,
        tempSchema: s.ctas ? 'public' : null,
        selectSql: s.ctas ? 'SELECT * FROM public.tmp_done' : null,
        at,
      };
    case 'fail':
      return {
        type: 'FailQuery',
        errors: [{ message: 'no such table', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' }],
        executedSql: s.executed ? `SELECT ${s.run} LIMIT 1001` : null,
        at,
      };
    case 'stop':
      return { type: 'StopQuery', at };
    case 'timeOut':
      return { type: 'TimeOutQuery', message: 'timed out', errorType: 'SQLLAB_TIMEOUT_ERROR', at };
  }
}

it('rebuilt from the log, `query` equals the live table after any sequence of run steps and tab links', async () => {
  const runs = t.app.get(QueryRuns);
  const store = t.app.get(EventStore);
  const dataSource = t.app.get(DataSource);
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 20 }), async (steps) => {
      const ids = Array.from({ length: 4 }, () => clientId());
      const tabs: number[] = [];
      for (const s of steps) {
        if (s.kind === 'createTab') {
          const created = await ana.post('/tabstateview/', { queryEditor: { name: 'Runs', dbId, sql: 'SELECT 1' } });
          expect(created.status).toBe(200);
          tabs.push(created.body.id as number);
        } else if (s.kind === 'migrate' || s.kind === 'remove') {
          if (tabs.length === 0) continue;
          const tabId = tabs[s.tab % tabs.length];
          const answer =
            s.kind === 'migrate'
              ? await ana.post(`/tabstateview/${tabId}/migrate_query`, { queryId: ids[s.run] })
              : await ana.delete(`/tabstateview/${tabId}/query/${ids[s.run]}`);
          // A run that never started is not the user's: 400/404, nothing recorded.
          expect(answer.status).toBeLessThan(500);
        } else {
          await refusedOrDone(runs.decide(ids[s.run], runCommand(s, ids[s.run]), String(ana.userId)));
        }
      }
      const { live, rebuilt } = await liveAndRebuilt(store, dataSource, 'sqllab-query', ['query']);
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 15 },
  );
}, 120_000);
