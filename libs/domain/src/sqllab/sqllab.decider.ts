/**
 * The SQL Lab editor decider: shared by the client's store (fold, undo/redo, time travel) and the
 * server. Each part decides and evolves its own commands and events over the one editor state.
 */
import type { Decider } from '@strata/events';
import { unknownCommand } from '../shared/exhaustive';
import { initialSqlLabState, type SqlLabState } from './editor/model';
import { decideTabs } from './editor/tabs.decide';
import { evolveTabs } from './editor/tabs.evolve';
import { decidePersistence, evolvePersistence } from './persistence/persistence';
import { decideQueries } from './queries/queries.decide';
import { evolveQueries } from './queries/queries.evolve';
import { decideSide, evolveSide } from './side/side';
import { decideTables, evolveTables } from './tables/tables';
import {
  isPersistenceCommand,
  isQueryCommand,
  isSideCommand,
  isTabCommand,
  isTableCommand,
  type SqlLabCommand,
} from './sqllab.commands';
import {
  isPersistenceEvent,
  isQueryEvent,
  isSideEvent,
  isTabEvent,
  isTableEvent,
  type SqlLabEvent,
} from './sqllab.events';

export function decideSqlLab(command: SqlLabCommand, state: SqlLabState): SqlLabEvent[] {
  if (isTabCommand(command)) return decideTabs(command, state);
  if (isQueryCommand(command)) return decideQueries(command, state);
  if (isTableCommand(command)) return decideTables(command, state);
  if (isSideCommand(command)) return decideSide(command, state);
  if (isPersistenceCommand(command)) return decidePersistence(command, state);
  return unknownCommand(command);
}

/** Total: an event of another context (or an unknown one) leaves the state unchanged. */
export function evolveSqlLab(state: SqlLabState, event: SqlLabEvent): SqlLabState {
  if (isTabEvent(event)) return evolveTabs(state, event);
  if (isQueryEvent(event)) return evolveQueries(state, event);
  if (isTableEvent(event)) return evolveTables(state, event);
  if (isSideEvent(event)) return evolveSide(state, event);
  if (isPersistenceEvent(event)) return evolvePersistence(state, event);
  return state;
}

export const sqlLabDecider: Decider<SqlLabState, SqlLabEvent, SqlLabCommand> = {
  initialState: initialSqlLabState,
  decide: decideSqlLab,
  evolve: evolveSqlLab,
};
