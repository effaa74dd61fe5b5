import { envelopeBatch, EventLog, type Envelope } from '@strata/events';
import fc from 'fast-check';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabCommand } from '../sqllab.commands';
import type { SqlLabEvent } from '../sqllab.events';
import { isUndoableSqlLabBatch } from '../undoable';
import { activeTabId, visibleQueryEditors, type SqlLabState } from './model';
import { untitledNumber } from './tab-names';

/** An abstract user action; `pick` chooses among the tabs existing when it runs. */
type Op =
  | { kind: 'add' | 'next' | 'prev' }
  | { kind: 'clone' | 'close' | 'closeOthers' | 'switch' | 'toggle'; pick: number }
  | { kind: 'move'; pick: number; to: number }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'sql'; pick: number; sql: string };

const pick = fc.nat(6);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Op>({ kind: 'add' }) },
  fc.constantFrom<Op>({ kind: 'next' }, { kind: 'prev' }),
  fc.record({ kind: fc.constantFrom('clone', 'close', 'closeOthers', 'switch', 'toggle'), pick }) as fc.Arbitrary<Op>,
  fc.record({ kind: fc.constant('move' as const), pick, to: fc.nat(6) }),
  fc.record({
    kind: fc.constant('rename' as const),
    pick,
    name: fc.constantFrom('Untitled Query 1', 'Untitled Query 2', 'Untitled Query 3', 'Sales', 'x'),
  }),
  fc.record({ kind: fc.constant('sql' as const), pick, sql: fc.constantFrom('SELECT 1', 'SELECT 2', '') }),
);

function toCommand(o: Op, state: SqlLabState, n: number): SqlLabCommand {
  const tabs = state.queryEditors;
  // With no tab, commands name a missing one and must be refused.
  const id = (p: number) => (tabs.length === 0 ? 'missing' : tabs[p % tabs.length]!.id);
  const at = 1000 + n;
  switch (o.kind) {
    case 'add':
      return { type: 'AddTab', data: { id: `t${n}`, at } };
    case 'next':
      return { type: 'SwitchToNextTab', data: {} };
    case 'prev':
      return { type: 'SwitchToPreviousTab', data: {} };
    case 'clone':
      return { type: 'CloneTab', data: { id: `t${n}`, at, sourceId: id(o.pick) } };
    case 'close':
      return { type: 'CloseTab', data: { queryEditorId: id(o.pick), at } };
    case 'closeOthers':
      return { type: 'CloseOtherTabs', data: { queryEditorId: id(o.pick), at } };
    case 'switch':
      return { type: 'SwitchTab', data: { queryEditorId: id(o.pick) } };
    case 'toggle':
      return { type: 'ToggleLeftBar', data: { queryEditorId: id(o.pick), at } };
    case 'move':
      return {
        type: 'MoveTab',
        data: { queryEditorId: id(o.pick), fromIndex: tabs.length ? o.pick % tabs.length : 0, toIndex: o.to },
      };
    case 'rename':
      return { type: 'RenameTab', data: { queryEditorId: id(o.pick), name: o.name, at } };
    case 'sql':
      return { type: 'SetSql', data: { queryEditorId: id(o.pick), sql: o.sql, at } };
    default: {
      const never: never = o;
      return never;
    }
  }
}

/** Runs the ops through decide and an EventLog, one batch per accepted command. */
function run(ops: readonly Op[]): EventLog<SqlLabState, SqlLabEvent> {
  const log = new EventLog<SqlLabState, SqlLabEvent>(sqlLabDecider, { snapshotEvery: 7 });
  ops.forEach((o, n) => {
    let events: SqlLabEvent[];
    try {
      events = sqlLabDecider.decide(toCommand(o, log.state, n), log.state);
    } catch {
      return; // refused: nothing appended
    }
    if (events.length === 0) return;
    const meta = {
      actor: 'u1',
      at: new Date(1000 + n).toISOString(),
      batchId: `b${n}`,
      undoable: isUndoableSqlLabBatch(events),
    };
    log.append(envelopeBatch(events, meta, { stream: 'sqllab', version: log.length + 1 }));
  });
  return log;
}

function checkInvariants(state: SqlLabState): void {
  const ids = state.queryEditors.map((qe) => qe.id);
  // Active tab exists when there are tabs (and only then).
  if (ids.length > 0) expect(ids).toContain(activeTabId(state));
  else expect(state.tabHistory).toEqual([]);
  // History references existing tabs only, without adjacent duplicates.
  for (const id of state.tabHistory) expect(ids).toContain(id);
  state.tabHistory.forEach((id, i) => i > 0 && expect(state.tabHistory[i - 1]).not.toBe(id));
  // 'Untitled Query N' names are unique.
  const untitled = visibleQueryEditors(state)
    .map((qe) => qe.name)
    .filter((name) => untitledNumber(name) !== null);
  expect(new Set(untitled).size).toBe(untitled.length);
  // Unsaved edits belong to the active tab.
  if (state.unsavedQueryEditor) expect(state.unsavedQueryEditor.id).toBe(activeTabId(state));
  // Tab ids are unique.
  expect(new Set(ids).size).toBe(ids.length);
}

const foldWithout = (entries: readonly Envelope[], batchId: string): SqlLabState =>
  entries
    .filter((e) => e.meta.batchId !== batchId)
    .reduce((s, e) => sqlLabDecider.evolve(s, e as unknown as SqlLabEvent), sqlLabDecider.initialState());

describe('SQL Lab tabs (property)', () => {
  it('sqllab-and-platform §4 Tabs: any sequence of tab commands keeps the tab invariants', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const log = run(ops);
        for (let p = 0; p <= log.length; p += 1) checkInvariants(log.stateAt(p));
      }),
      { numRuns: 200 },
    );
  });

  it('DESIGN Undo: undoing any batch through the EventLog equals folding the log without it', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 30 }), fc.nat(), (ops, which) => {
        const log = run(ops);
        const batches = log.batches;
        fc.pre(batches.length > 0);
        const target = batches[which % batches.length]!.batchId;
        const entries = log.export();
        log.append([
          {
            id: 'undo:0',
            stream: 'sqllab',
            version: log.length + 1,
            type: 'history/undone',
            data: { batchId: target },
            meta: { actor: 'u1', at: new Date(5000).toISOString(), batchId: 'undo' },
          },
        ]);
        expect(log.state).toEqual(foldWithout(entries, target));
        checkInvariants(log.state);
      }),
      { numRuns: 200 },
    );
  });

  it('DESIGN Undo: undo then redo of the latest undoable batch gives the state back', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 30 }), (ops) => {
        const log = run(ops);
        const before = log.state;
        const undo = log.undoCommand('u1');
        fc.pre(undo !== null);
        const marker = (type: string, n: number): Envelope => ({
          id: `m${n}`,
          stream: 'sqllab',
          version: log.length + 1,
          type,
          data: undo!.data,
          meta: { actor: 'u1', at: '2026-01-01T00:00:00Z', batchId: `m${n}` },
        });
        log.append([marker('history/undone', 1)]);
        checkInvariants(log.state);
        log.append([marker('history/redone', 2)]);
        expect(log.state).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});
