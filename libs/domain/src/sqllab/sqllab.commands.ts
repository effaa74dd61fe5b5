/** Every command of the SQL Lab editor context. */
import { TAB_COMMAND_TYPES, type TabCommand } from './editor/tab-commands';
import { PERSISTENCE_COMMAND_TYPES, type PersistenceCommand } from './persistence/persistence-events';
import { QUERY_COMMAND_TYPES, type QueryCommand } from './queries/query-events';
import { SIDE_COMMAND_TYPES, type SideCommand } from './side/side-events';
import { TABLE_COMMAND_TYPES, type TableCommand } from './tables/table-events';

export type SqlLabCommand = TabCommand | QueryCommand | TableCommand | SideCommand | PersistenceCommand;

const has = (types: object, type: unknown) =>
  typeof type === 'string' && Object.prototype.hasOwnProperty.call(types, type);

export const isTabCommand = (c: SqlLabCommand): c is TabCommand => has(TAB_COMMAND_TYPES, c.type);
export const isQueryCommand = (c: SqlLabCommand): c is QueryCommand => has(QUERY_COMMAND_TYPES, c.type);
export const isTableCommand = (c: SqlLabCommand): c is TableCommand => has(TABLE_COMMAND_TYPES, c.type);
export const isSideCommand = (c: SqlLabCommand): c is SideCommand => has(SIDE_COMMAND_TYPES, c.type);
export const isPersistenceCommand = (c: SqlLabCommand): c is PersistenceCommand =>
  has(PERSISTENCE_COMMAND_TYPES, c.type);
