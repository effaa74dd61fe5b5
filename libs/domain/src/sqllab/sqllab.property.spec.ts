import { envelopeBatch, EventLog, type Envelope } from '@strata/events';
import fc from 'fast-check';
import { activeTabId, type SqlLabState } from './editor/model';
import type { SqlLabCommand } from './sqllab.commands';
import { sqlLabDecider } from './sqllab.decider';
import type { SqlLabEvent } from './sqllab.events';
import { successResults } from './testing/fixtures';
import { isUndoableSqlLabBatch } from './undoable';

/** Mixed editor actions: tabs, tables, runs. `pick` chooses among what exists when the action runs. */
type Op = {
  kind: 'add' | 'close' | 'switch' | 'sql' | 'table' | 'untable' | 'collapse' | 'run' | 'stop' | 'succeed' | 'fail';
  pick: number;
};

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom(
    'add',
    'add',
    'close',
    'switch',
    'sql',
    'table',
    'untable',
    'collapse',
    'run',
    'run',
    'stop',
    'succeed',
    'fail',
  ),
  pick: fc.nat(5),
});

const qid = (n: number) => `q${String(n).padStart(10, '0')}`;

function toCommand(o: Op, s: SqlLabState, n: number): SqlLabCommand {
  const tabId = s.queryEditors.length ? s.queryEditors[o.pick % s.queryEditors.length]!.id : 'missing';
  const tableId = s.tables.length ? s.tables[o.pick % s.tables.length]!.id : 'missing';
  const queryIds = Object.keys(s.queries);
  const queryId = queryIds.length ? queryIds[o.pick % queryIds.length]! : qid(0);
  const at = 1000 + n;
  switch (o.kind) {
    case 'add':
      return { type: 'AddTab', data: { id: `t${n}`, at } };
    case 'close':
      return { type: 'CloseTab', data: { queryEditorId: tabId, at } };
    case 'switch':
      return { type: 'SwitchTab', data: { queryEditorId: tabId } };
    case 'sql':
      return { type: 'SetSql', data: { queryEditorId: tabId, sql: `SELECT ${n}`, at } };
    case 'table':
      return {
        type: 'AddTable',
        data: {
          table: { id: `tb${n}`, dbId: 1, queryEditorId: tabId, catalog: null, schema: 's', name: `n${o.pick}` },
        },
      };
    case 'untable':
      return { type: 'RemoveTable', data: { tableId } };
    case 'collapse':
      return { type: 'CollapseTable', data: { tableId } };
    case 'run':
      return {
        type: 'StartQuery',
        data: {
          id: qid(n),
          dbId: 1,
          sql: 'SELECT 1',
          sqlEditorId: o.pick === 0 ? null : tabId,
          runAsync: o.pick % 2 === 0,
          startDttm: at,
        },
      };
    case 'stop':
      return { type: 'StopQuery', data: { queryId, at } };
    case 'succeed':
      return { type: 'RecordQuerySuccess', data: { queryId, results: successResults(), at } };
    case 'fail':
      return { type: 'RecordQueryFailure', data: { queryId, errorMessage: 'boom', at } };
    default: {
      const never: never = o.kind;
      return never;
    }
  }
}

function run(ops: readonly Op[]): EventLog<SqlLabState, SqlLabEvent> {
  const log = new EventLog<SqlLabState, SqlLabEvent>(sqlLabDecider, { snapshotEvery: 5 });
  ops.forEach((o, n) => {
    let events: SqlLabEvent[];
    try {
      events = sqlLabDecider.decide(toCommand(o, log.state, n), log.state);
    } catch {
      return;
    }
    if (events.length === 0) return;
    const meta = {
      actor: 'u1',
      at: new Date(n).toISOString(),
      batchId: `b${n}`,
      undoable: isUndoableSqlLabBatch(events),
    };
    log.append(envelopeBatch(events, meta, { stream: 'sqllab', version: log.length + 1 }));
  });
  return log;
}

function checkInvariants(s: SqlLabState): void {
  const ids = new Set(s.queryEditors.map((qe) => qe.id));
  if (ids.size > 0) expect(ids.has(activeTabId(s)!)).toBe(true);
  for (const id of s.tabHistory) expect(ids.has(id)).toBe(true);
  // Tables only belong to existing tabs; a stopped run keeps no results.
  for (const t of s.tables) expect(ids.has(t.queryEditorId)).toBe(true);
  for (const q of Object.values(s.queries)) {
    if (q.state === 'stopped') expect(q.results).toBeNull();
    // Runs belong to an existing tab or to none (the bottom pane).
    if (q.sqlEditorId !== null) expect(ids.has(q.sqlEditorId)).toBe(true);
  }
  if (s.unsavedQueryEditor) expect(s.unsavedQueryEditor.id).toBe(activeTabId(s));
}

describe('SQL Lab editor (property)', () => {
  it('any mix of tab, table and run commands keeps the editor invariants at every position', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const log = run(ops);
        for (let p = 0; p <= log.length; p += 1) checkInvariants(log.stateAt(p));
      }),
      { numRuns: 150 },
    );
  });

  it('DESIGN Undo: undoing any batch via the EventLog equals folding the log without it', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), fc.nat(), (ops, which) => {
        const log = run(ops);
        fc.pre(log.batches.length > 0);
        const target = log.batches[which % log.batches.length]!.batchId;
        const entries = log.export();
        const marker: Envelope = {
          id: 'undo:0',
          stream: 'sqllab',
          version: log.length + 1,
          type: 'history/undone',
          data: { batchId: target },
          meta: { actor: 'u1', at: '2026-01-01T00:00:00Z', batchId: 'undo' },
        };
        log.append([marker]);
        const without = entries
          .filter((e) => e.meta.batchId !== target)
          .reduce((s, e) => sqlLabDecider.evolve(s, e as unknown as SqlLabEvent), sqlLabDecider.initialState());
        expect(log.state).toEqual(without);
        checkInvariants(log.state);
      }),
      { numRuns: 150 },
    );
  });
});
