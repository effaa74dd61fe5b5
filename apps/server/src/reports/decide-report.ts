/** Every change to a report schedule (`report:<id>`), creation and runs included, as one command on the CommandBus. */
import { reportDecider, reportStream, type ReportCommand } from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecideReport extends DecideOn<number, ReportCommand> {}

export const DecideReportHandler = decisionHandler(DecideReport, reportStream, reportDecider);
