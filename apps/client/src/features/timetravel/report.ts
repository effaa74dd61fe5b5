import { upcastEvents } from '@strata/domain';
import type { LogEntry } from '@strata/events';
import type { HttpClient } from '../api/http-client';
import type { ServerStreamEvents, TimeTravelExport } from './export-format';
import type { TimeTravel } from './time-travel';

/** What `GET /api/v1/timetravel/events/?stream=` answers (apps/server/src/timetravel). */
interface StreamEventsResponse {
  stream: string;
  version: number;
  result: LogEntry[];
}

/**
 * The server's events of each stream on screen. A stream the user may not read, or that the server
 * cannot answer, is kept in the report with the reason instead of its events: the report still goes out.
 */
export async function readServerStreams(http: HttpClient, streams: readonly string[]): Promise<ServerStreamEvents[]> {
  return Promise.all(
    streams.map(async (stream): Promise<ServerStreamEvents> => {
      try {
        const answer = await http.get<StreamEventsResponse>(
          `/api/v1/timetravel/events/?stream=${encodeURIComponent(stream)}`,
        );
        return { stream, events: upcastEvents(answer.result) as LogEntry[] };
      } catch (error) {
        return { stream, events: [], error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}

/**
 * "Report a bug": the page's client log (as Export) plus the server events of the objects on screen and
 * the app version, in one file that Import reads back.
 */
export async function bugReport(timeTravel: TimeTravel, http: HttpClient, at: string): Promise<TimeTravelExport> {
  const server = await readServerStreams(http, timeTravel.streamsOnScreen());
  return timeTravel.exportLog(at, server);
}
