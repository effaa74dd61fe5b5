import { envelopeBatch, EventLog, type Envelope } from '@strata/events';
import fc from 'fast-check';
import { controlDef, DATA_KINDS } from '../controls/control-defs';
import { fitToDatasource } from '../controls/remap';
import { validateFormData } from '../controls/validation';
import { exploreDecider } from './explore.decider';
import type { ExploreCommand } from './explore.commands';
import type { ExploreEvent } from './explore.events';
import type { ExploreState } from './model';
import { isUndoableExploreBatch } from './undoable';
import { avgHorsepower, cars, flights } from './testing/fixtures';

/** Abstract user actions on an open chart. */
const command: fc.Arbitrary<(n: number) => ExploreCommand> = fc.oneof(
  fc
    .record({
      name: fc.constantFrom(
        'metrics',
        'groupby',
        'row_limit',
        'series_limit',
        'rolling_type',
        'time_compare',
        'query_mode',
        'x_axis',
        'metric',
        'stack',
      ),
      pick: fc.nat(5),
    })
    .map(({ name, pick }) => () => {
      const values: Record<string, unknown[]> = {
        metrics: [[], ['count'], [avgHorsepower], ['count', avgHorsepower]],
        groupby: [[], ['origin'], ['name', 'origin'], ['delay']],
        row_limit: [10, 1000, 200000, 'x', ''],
        series_limit: [0, 5, 7, null],
        rolling_type: ['None', 'mean', 'cumsum', 'bad'],
        time_compare: [[], ['1 year ago'], ['1 week ago', 'x']],
        query_mode: ['aggregate', 'raw'],
        x_axis: ['origin', 'year', 'date'],
        metric: ['count', avgHorsepower, null],
        stack: [true, false],
      };
      const list = values[name]!;
      return { type: 'SetControlValue', data: { name, value: list[pick % list.length] } } as ExploreCommand;
    }),
  fc
    .constantFrom(
      'table',
      'echarts_timeseries_bar',
      'echarts_timeseries_line',
      'pie',
      'big_number_total',
      'mixed_timeseries',
    )
    .map((vizType) => () => ({ type: 'ChangeVizType', data: { vizType } }) as ExploreCommand),
  fc
    .constantFrom(cars, flights)
    .map((datasource) => () => ({ type: 'ChangeDatasource', data: { datasource } }) as ExploreCommand),
  fc.constant((n: number) => ({ type: 'TriggerQuery', data: { queryId: `q${n}`, at: n } }) as ExploreCommand),
  fc.constant((n: number) => ({ type: 'StopQuery', data: { at: n } }) as ExploreCommand),
  fc.constant(
    (n: number) =>
      ({ type: 'RecordChartSuccess', data: { queryId: `q${n - 1}`, queriesResponse: [], at: n } }) as ExploreCommand,
  ),
);

function run(makers: readonly ((n: number) => ExploreCommand)[]): EventLog<ExploreState, ExploreEvent> {
  const log = new EventLog<ExploreState, ExploreEvent>(exploreDecider, { snapshotEvery: 5 });
  const all = [
    (() => ({ type: 'OpenExplore', data: { datasource: cars, formData: { viz_type: 'table' } } })) as (
      n: number,
    ) => ExploreCommand,
    ...makers,
  ];
  all.forEach((make, n) => {
    let events: ExploreEvent[];
    try {
      events = exploreDecider.decide(make(n), log.state);
    } catch {
      return;
    }
    if (events.length === 0) return;
    log.append(
      envelopeBatch(
        events,
        { actor: 'u1', at: new Date(n).toISOString(), batchId: `b${n}`, undoable: isUndoableExploreBatch(events) },
        { stream: 'explore', version: log.length + 1 },
      ),
    );
  });
  return log;
}

function checkInvariants(state: ExploreState): void {
  // Before anything is opened there is no form to validate.
  if (state.status === 'empty') return;
  // Validation is always that of the form data shown.
  expect(state.validationErrors).toEqual(validateFormData(state.formData, { maxRow: state.maxRow }));
  // Every data control holds only what the dataset has (charts-dashboards-reports §5).
  if (!state.datasource) return;
  for (const [name, value] of Object.entries(state.formData)) {
    const def = controlDef(name);
    if (def && DATA_KINDS.has(def.kind) && value !== null)
      expect([name, fitToDatasource(def, value, state.datasource)]).toEqual([name, value]);
  }
  expect(state.formData.datasource).toBe(`${state.datasource.id}__${state.datasource.type}`);
}

const foldWithout = (entries: readonly Envelope[], batchId: string) =>
  entries
    .filter((e) => e.meta.batchId !== batchId)
    .reduce((s, e) => exploreDecider.evolve(s, e as unknown as ExploreEvent), exploreDecider.initialState());

describe('Explore (property)', () => {
  it('any sequence of Explore intents keeps validation and the dataset remap consistent', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (makers) => {
        const log = run(makers);
        for (let p = 0; p <= log.length; p += 1) checkInvariants(log.stateAt(p));
      }),
      { numRuns: 150 },
    );
  });

  it('DESIGN Undo: undoing an undoable batch equals folding the log without it', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 25 }), (makers) => {
        const log = run(makers);
        const target = log.undoCommand('u1');
        fc.pre(target !== null);
        const entries = log.export();
        const batchId = target!.data.batchId;
        log.append([
          {
            id: 'undo:0',
            stream: 'explore',
            version: log.length + 1,
            type: 'history/undone',
            data: { batchId },
            meta: { actor: 'u1', at: new Date(9999).toISOString(), batchId: 'undo' },
          },
        ]);
        expect(log.state).toEqual(foldWithout(entries, batchId));
        checkInvariants(log.state);
      }),
      { numRuns: 150 },
    );
  });

  it('DESIGN Undo: undo then redo of a control change gives the state back', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 25 }), (makers) => {
        const log = run(makers);
        const target = log.undoCommand('u1');
        fc.pre(target !== null);
        const before = log.state;
        const marker = (type: string, n: number) => ({
          id: `m:${n}`,
          stream: 'explore',
          version: log.length + 1,
          type,
          data: { batchId: target!.data.batchId },
          meta: { actor: 'u1', at: new Date(9999).toISOString(), batchId: `m${n}` },
        });
        log.append([marker('history/undone', 0)]);
        log.append([marker('history/redone', 1)]);
        expect(log.state).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});
