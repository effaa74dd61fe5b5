/**
 * A step of a SQL Lab run (`query:<client_id>`) as a command on the Nest CommandBus. A run and a Stop
 * write the same stream from different places (the worker, the Stop request), so a version conflict is
 * decided again on the new state: the decider then says what the late command still means (a success
 * after Stop means nothing).
 */
import { queryRunDecider, queryStream, type QueryRunCommand } from '@strata/domain';
import { decisionHandler, DecideOn } from '../../event-store/decide-command';

export class DecideQueryRun extends DecideOn<string, QueryRunCommand> {}

export const DecideQueryRunHandler = decisionHandler(DecideQueryRun, queryStream, queryRunDecider);
