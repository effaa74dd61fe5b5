/**
 * Database events stored under older shapes, read as today's (DESIGN.md "Events"; the log is never
 * rewritten):
 * - `database/settingsChanged { id, changes }`, the form's catch-all, becomes the intent events it stood
 *   for (databaseRenamed, connectionChanged, optionEnabled / optionDisabled, ...), in the form's order;
 * - `database/passwordChanged { id, removed }` becomes passwordChanged { id } or passwordRemoved { id }.
 */
import type { EventLike, UpcasterMap } from '@strata/events';
import { settingChanges } from './database.decider';
import type { DatabaseSettings } from './database.events';

interface OldSettingsChanged {
  id: number;
  changes: Partial<DatabaseSettings>;
}

export const databaseUpcasters: UpcasterMap = {
  'database/settingsChanged': (event): EventLike | readonly EventLike[] => {
    const { id, changes } = event.data as OldSettingsChanged;
    const events = settingChanges(id, null, changes ?? {});
    // Never drop a stored event: a reader takes the stream's version from the last one it sees.
    return events.length > 0 ? events : event;
  },
  'database/passwordChanged': (event) => {
    const { id, removed } = event.data as { id: number; removed?: boolean };
    return removed === true
      ? { type: 'database/passwordRemoved', data: { id } }
      : { type: 'database/passwordChanged', data: { id } };
  },
};
