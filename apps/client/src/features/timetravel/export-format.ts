import { upcastEvents } from '@strata/domain';
import type { LogEntry } from '@strata/events';

/** The file Export writes and Import reads: the page's timeline, each event with its store's name. */
export interface TimeTravelExport {
  format: 'strata-event-log';
  version: 1;
  exportedAt: string;
  stores: string[];
  events: { store: string; event: LogEntry }[];
}

export class ImportError extends Error {
  override name = 'ImportError';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a parsed file: a wrong file must be refused with a reason, never half-loaded. */
export function parseExport(data: unknown): TimeTravelExport {
  if (!isObject(data) || data.format !== 'strata-event-log') {
    throw new ImportError('This is not a Strata event log (format "strata-event-log" expected).');
  }
  if (data.version !== 1) throw new ImportError(`Unsupported event log version ${String(data.version)}.`);
  if (!Array.isArray(data.events)) throw new ImportError('The event log has no "events" list.');
  data.events.forEach((item, n) => {
    if (!isObject(item) || typeof item.store !== 'string' || !isEnvelope(item.event)) {
      throw new ImportError(`Event ${n + 1} is not an event envelope with its store's name.`);
    }
  });
  return {
    format: 'strata-event-log',
    version: 1,
    exportedAt: typeof data.exportedAt === 'string' ? data.exportedAt : '',
    stores: Array.isArray(data.stores) ? data.stores.filter((s): s is string => typeof s === 'string') : [],
    // A file written before an event was renamed holds its old type: read it as today's event.
    events: (data.events as TimeTravelExport['events']).flatMap(({ store, event }) =>
      upcastEvents([event]).map((upcast) => ({ store, event: upcast })),
    ),
  };
}

function isEnvelope(value: unknown): value is LogEntry {
  if (!isObject(value) || !isObject(value.meta)) return false;
  const { meta } = value;
  return (
    typeof value.id === 'string' &&
    typeof value.stream === 'string' &&
    typeof value.version === 'number' &&
    typeof value.type === 'string' &&
    'data' in value &&
    typeof meta.actor === 'string' &&
    typeof meta.at === 'string' &&
    typeof meta.batchId === 'string'
  );
}
