/**
 * The rule of the export log (stream `export:<userId>`): one record per export that reached its end,
 * and only a record that says what was exported. Nothing is refused for the log's history: an export may
 * be repeated as often as the user likes.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import type { DataExportEvent, DataExportRecord } from './data-export.events';

export interface DataExportLog {
  exports: number;
}

export type DataExportCommand = { type: 'RecordDataExport'; record: DataExportRecord };

const CLIENT_ID = /^[A-Za-z0-9_-]{11}$/;

export const dataExportDecider: Decider<DataExportLog, DataExportEvent, DataExportCommand, void> = {
  initialState: () => ({ exports: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'sqllab/dataExported':
        return { exports: state.exports + 1 };
      default:
        return leaveUnchanged(event as never, state); // an event of another context
    }
  },

  decide(command) {
    switch (command.type) {
      case 'RecordDataExport': {
        const { record } = command;
        if (!CLIENT_ID.test(record.clientId))
          throw new DomainError('export_query_invalid', 'An export names the query it exported (11 characters).');
        if (!Number.isSafeInteger(record.row_count) || record.row_count < 0)
          throw new DomainError('export_row_count_invalid', 'An export counts the rows it wrote.');
        if (record.sql.trim() === '') throw new DomainError('export_sql_required', 'An export records its statement.');
        return [{ type: 'sqllab/dataExported', data: record }];
      }
      default:
        return unknownCommand(command as never); // a command from an old client
    }
  },
};
