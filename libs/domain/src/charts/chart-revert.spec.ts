import { foldEntries } from '@strata/events';
import { refusal, revertNames, StreamLog } from '../testing';
import { decideChartRevert } from './chart-revert';
import { chartDecider } from './chart.decider';
import type { ChartEvent, ChartFields } from './chart.events';

const fields: ChartFields = {
  slice_name: 'Delays',
  viz_type: 'table',
  datasource_id: 1,
  datasource_type: 'table',
  params: '{"metric":"count"}',
  query_context: null,
  description: null,
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  owners: [1],
};
const names = revertNames({ '1': 'admin', '2': 'alice', '3': 'bob' });

/** A chart created by admin (1); alice (2) and bob (3) edit it in the specs. */
function givenChart(): StreamLog<ChartEvent> {
  const log = new StreamLog<ChartEvent>('chart:4');
  log.batch('1', [{ type: 'chart/chartCreated', data: { id: 4, ...fields } }]);
  return log;
}

const revert = (log: StreamLog<ChartEvent>, batchId: string) =>
  decideChartRevert(
    { type: 'RevertChartChange', data: { batchId } },
    { events: log.events, state: foldEntries(chartDecider, log.events) },
    names,
  );

describe('reverting a chart change', () => {
  it('restores the params the change replaced, and says it was a revert', () => {
    const log = givenChart();
    const change = log.batch('2', [{ type: 'chart/chartParamsChanged', data: { params: '{"metric":"sum"}' } }]);
    expect(revert(log, change)).toEqual([
      { type: 'chart/chartParamsChanged', data: { params: '{"metric":"count"}' } },
      { type: 'chart/changeReverted', data: { batchId: change } },
    ]);
  });

  it('a later change of another field does not block, and stays', () => {
    const log = givenChart();
    const params = log.batch('2', [{ type: 'chart/chartParamsChanged', data: { params: '{"metric":"sum"}' } }]);
    log.batch('3', [{ type: 'chart/chartRenamed', data: { slice_name: "Bob's delays" } }]);
    const events = revert(log, params);
    expect(events).toEqual([
      { type: 'chart/chartParamsChanged', data: { params: '{"metric":"count"}' } },
      { type: 'chart/changeReverted', data: { batchId: params } },
    ]);
  });

  it('a later change of the same field refuses, naming who changed it', () => {
    const log = givenChart();
    const rename = log.batch('2', [{ type: 'chart/chartRenamed', data: { slice_name: "Alice's delays" } }]);
    log.batch('3', [{ type: 'chart/chartRenamed', data: { slice_name: "Bob's delays" } }]);
    const error = refusal(() => revert(log, rename));
    expect(error.code).toBe('change_depended_on');
    expect(error.message).toBe(
      "'Rename' cannot be reverted: bob changed the name again later ('Rename' at 2026-01-01T09:03:00.000Z); " +
        'revert that change first.',
    );
  });

  it('a later change that was undone does not block', () => {
    const log = givenChart();
    const rename = log.batch('2', [{ type: 'chart/chartRenamed', data: { slice_name: "Alice's delays" } }]);
    const bobs = log.batch('3', [{ type: 'chart/chartRenamed', data: { slice_name: "Bob's delays" } }]);
    log.undo('3', bobs);
    expect(revert(log, rename)[0]).toEqual({ type: 'chart/chartRenamed', data: { slice_name: 'Delays' } });
  });

  it('refuses an undone change, a creation, a revert twice and a batch of another object', () => {
    const log = givenChart();
    const created = log.events[0]!.meta.batchId;
    const rename = log.batch('2', [{ type: 'chart/chartRenamed', data: { slice_name: "Alice's delays" } }]);
    const params = log.batch('2', [{ type: 'chart/chartParamsChanged', data: { params: '{"metric":"sum"}' } }]);
    log.undo('2', rename);
    expect(refusal(() => revert(log, rename)).code).toBe('change_undone');
    expect(refusal(() => revert(log, created)).message).toBe(
      "'Creation' cannot be reverted: it is not an edit of the chart.",
    );
    log.batch('1', revert(log, params));
    expect(refusal(() => revert(log, params)).code).toBe('change_already_reverted');
    expect(refusal(() => revert(log, 'batch-of-another-chart')).code).toBe('change_not_found');
  });

  it('the revert, folded, gives the chart back its old params and keeps the later name', () => {
    const log = givenChart();
    const params = log.batch('2', [{ type: 'chart/chartParamsChanged', data: { params: '{"metric":"sum"}' } }]);
    log.batch('3', [{ type: 'chart/chartRenamed', data: { slice_name: "Bob's delays" } }]);
    log.batch('1', revert(log, params));
    expect(foldEntries(chartDecider, log.events).fields).toMatchObject({
      params: '{"metric":"count"}',
      slice_name: "Bob's delays",
    });
  });
});
