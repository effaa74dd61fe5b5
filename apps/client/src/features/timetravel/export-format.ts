import { upcastEvents } from '@strata/domain';
import type { LogEntry } from '@strata/events';
import { version as clientVersion } from '../../../package.json';

/** The client's version (apps/client/package.json, bundled at build time): which code wrote a report. */
export const APP_VERSION: string = clientVersion;

/**
 * The server's events of one object on screen (`dashboard:12`, `dashboard-draft:12`, `chart:3`), as the
 * server holds them when the report is made; `error` says why they are missing (no right, no such stream).
 */
export interface ServerStreamEvents {
  stream: string;
  events: LogEntry[];
  error?: string;
}

/**
 * The file Export writes and Import reads: the page's timeline, each event with its store's name.
 * Version 2 (issue 13, "Report a bug") adds the app version and the server events of the objects on
 * screen; a version 1 file is still read (no server events, version unknown).
 */
export interface TimeTravelExport {
  format: 'strata-event-log';
  version: 2;
  exportedAt: string;
  appVersion: string;
  stores: string[];
  events: { store: string; event: LogEntry }[];
  server: ServerStreamEvents[];
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
  if (data.version !== 1 && data.version !== 2) {
    throw new ImportError(`Unsupported event log version ${String(data.version)}.`);
  }
  if (!Array.isArray(data.events)) throw new ImportError('The event log has no "events" list.');
  data.events.forEach((item, n) => {
    if (!isObject(item) || typeof item.store !== 'string' || !isEnvelope(item.event)) {
      throw new ImportError(`Event ${n + 1} is not an event envelope with its store's name.`);
    }
  });
  const server = data.version === 2 ? parseServer(data.server) : [];
  return {
    format: 'strata-event-log',
    version: 2,
    exportedAt: typeof data.exportedAt === 'string' ? data.exportedAt : '',
    appVersion: typeof data.appVersion === 'string' ? data.appVersion : 'unknown',
    stores: Array.isArray(data.stores) ? data.stores.filter((s): s is string => typeof s === 'string') : [],
    // A file written before an event was renamed holds its old type: read it as today's event.
    events: (data.events as TimeTravelExport['events']).flatMap(({ store, event }) =>
      upcastEvents([event]).map((upcast) => ({ store, event: upcast })),
    ),
    server,
  };
}

function parseServer(value: unknown): ServerStreamEvents[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ImportError('The "server" part of the event log is not a list of streams.');
  return value.map((item, n) => {
    if (!isObject(item) || typeof item.stream !== 'string' || !Array.isArray(item.events)) {
      throw new ImportError(`Server stream ${n + 1} has no "stream" name and "events" list.`);
    }
    const events = item.events.map((event, k) => {
      if (!isEnvelope(event)) throw new ImportError(`Event ${k + 1} of ${item.stream} is not an event envelope.`);
      return event;
    });
    return {
      stream: item.stream,
      events: upcastEvents(events) as LogEntry[],
      ...(typeof item.error === 'string' ? { error: item.error } : {}),
    };
  });
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
