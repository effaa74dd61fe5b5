import { foldEntries } from '@strata/events';
import { refusal, revertNames, StreamLog } from '../testing';
import { COUNT_STAR, datasetColumn } from './dataset-columns';
import { decideDatasetRevert } from './dataset-revert';
import { datasetDecider } from './dataset.decider';
import type { DatasetColumn, DatasetEvent } from './dataset.events';
import { flightsDataset } from './testing/flights';

const origin = datasetColumn({ name: 'origin', type: 'text', type_generic: 1, is_dttm: false });
const depTime = datasetColumn({ name: 'dep_time', type: 'timestamp', type_generic: 2, is_dttm: true });
const names = revertNames({ '1': 'admin', '2': 'alice', '3': 'bob' });

/** A dataset created by admin (1); alice (2) and bob (3) edit it in the specs. */
function givenDataset(): StreamLog<DatasetEvent> {
  const log = new StreamLog<DatasetEvent>('dataset:5');
  log.batch('1', [
    {
      type: 'dataset/datasetCreated',
      data: {
        id: 5,
        ...flightsDataset({ columns: [origin, depTime], metrics: [COUNT_STAR], main_dttm_col: 'dep_time' }),
      },
    },
  ]);
  return log;
}

const edited = (column: DatasetColumn): DatasetEvent => ({ type: 'dataset/datasetColumnEdited', data: { column } });
const revert = (log: StreamLog<DatasetEvent>, batchId: string) =>
  decideDatasetRevert(
    { type: 'RevertDatasetChange', data: { batchId } },
    { events: log.events, state: foldEntries(datasetDecider, log.events) },
    names,
  );

describe('reverting a dataset change', () => {
  it("restores the column the edit changed; bob's later edit of another column stays", () => {
    const log = givenDataset();
    const alices = log.batch('2', [edited({ ...origin, verbose_name: 'Origin airport' })]);
    log.batch('3', [edited({ ...depTime, verbose_name: 'Departure' })]);
    expect(revert(log, alices)).toEqual([
      edited(origin),
      { type: 'dataset/changeReverted', data: { batchId: alices } },
    ]);
    log.batch('1', revert(log, alices));
    const { columns } = foldEntries(datasetDecider, log.events).fields!;
    expect(columns.map((c) => c.verbose_name)).toEqual([null, 'Departure']);
  });

  it('a field the column lacked before (a certification) goes back to none', () => {
    const log = givenDataset();
    const certified = log.batch('2', [edited({ ...origin, certified_by: 'Data team' })]);
    log.batch('1', revert(log, certified));
    expect(foldEntries(datasetDecider, log.events).fields!.columns[0]!.certified_by ?? null).toBeNull();
  });

  it('a later edit of the same column refuses, naming who and which column', () => {
    const log = givenDataset();
    const alices = log.batch('2', [edited({ ...origin, verbose_name: 'Origin airport' })]);
    log.batch('3', [edited({ ...origin, description: 'IATA code' })]);
    const error = refusal(() => revert(log, alices));
    expect(error.code).toBe('change_depended_on');
    expect(error.message).toBe(
      "'Edit of the column 'origin'' cannot be reverted: bob changed the column 'origin' again later " +
        "('Edit of the column 'origin'' at 2026-01-01T09:03:00.000Z); revert that change first.",
    );
  });

  it('an added column goes, a removed one comes back at its place, a rename is undone', () => {
    const log = givenDataset();
    const added = log.batch('2', [
      { type: 'dataset/datasetColumnAdded', data: { column: { ...origin, column_name: 'dest' } } },
    ]);
    const removed = log.batch('2', [{ type: 'dataset/datasetColumnRemoved', data: { column_name: 'origin' } }]);
    const renamed = log.batch('3', [{ type: 'dataset/datasetRenamed', data: { table_name: 'all flights' } }]);
    log.batch('1', revert(log, added));
    log.batch('1', revert(log, removed));
    log.batch('1', revert(log, renamed));
    const fields = foldEntries(datasetDecider, log.events).fields!;
    expect(fields.columns.map((c) => c.column_name)).toEqual(['origin', 'dep_time']);
    expect(fields.table_name).toBe('flights');
  });

  it('refuses an undone edit, the creation and a refresh from the database', () => {
    const log = givenDataset();
    const created = log.events[0]!.meta.batchId;
    const alices = log.batch('2', [edited({ ...origin, verbose_name: 'Origin airport' })]);
    log.undo('2', alices);
    const synced = log.batch('1', [
      {
        type: 'dataset/columnsSynced',
        data: { columns: [origin, depTime], main_dttm_col: 'dep_time', added: [], removed: [] },
      },
    ]);
    expect(refusal(() => revert(log, alices)).message).toBe(
      "'Edit of the column 'origin'' cannot be reverted: it was undone.",
    );
    expect(refusal(() => revert(log, created)).code).toBe('change_not_revertible');
    expect(refusal(() => revert(log, synced)).code).toBe('change_not_revertible');
  });
});
