import type { AuditRowView } from '@strata/domain';
import type { LogEntry } from '@strata/events';
import { APP_VERSION, type ServerStreamEvents, type TimeTravelExport } from '../timetravel/export-format';

/**
 * "Export as time-travel file": the filtered slice of the audit log in the time-travel panel's file
 * format (version 2), so the panel's Import reads it. Audit rows are server events, so they go in the
 * format's `server` part, one entry per object (`chart:3`, `dashboard:12`; `activity` for rows about no
 * object), oldest first like a stream; the page's own client log is not part of the slice.
 */
export function activityExport(rows: readonly AuditRowView[], exportedAt: string): TimeTravelExport {
  const streams = new Map<string, LogEntry[]>();
  const oldestFirst = [...rows].sort((a, b) => a.position - b.position);
  for (const row of oldestFirst) {
    const stream = row.object ? `${row.object.type}:${row.object.id}` : 'activity';
    const events = streams.get(stream) ?? [];
    events.push(entryOf(row, stream, events.length + 1));
    streams.set(stream, events);
  }
  const server: ServerStreamEvents[] = [...streams].map(([stream, events]) => ({ stream, events }));
  return {
    format: 'strata-event-log',
    version: 2,
    exportedAt,
    appVersion: APP_VERSION,
    stores: [],
    events: [],
    server,
  };
}

/**
 * An audit row as an envelope: the log position, the actor (a user id as a string, 'system' for the
 * server) and the batch are the event's own. The row's stream and version inside it are not part of an
 * audit row, so `version` counts the slice's events of that object.
 */
function entryOf(row: AuditRowView, stream: string, version: number): LogEntry {
  return {
    id: `audit:${row.position}`,
    stream,
    version,
    position: row.position,
    type: row.type,
    data: row.payload,
    meta: {
      actor: row.actor.id === null ? (row.actor.username ?? 'system') : String(row.actor.id),
      at: row.time,
      batchId: row.batch_id ?? `audit:${row.position}`,
    },
  };
}

/** The file's name: what was exported and when. */
export function exportFileName(exportedAt: string): string {
  return `strata-activity-${exportedAt.replace(/[:.]/g, '-')}.json`;
}
