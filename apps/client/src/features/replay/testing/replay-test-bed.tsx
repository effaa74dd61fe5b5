/**
 * What every replay spec sets up (issue 13 item 4): bob's rows as the audit API answers them, a real
 * HTTP server, the app's services when the stage draws a real page (Explore, the dashboard), the replay
 * feature with its player running, and the page mounted as the app mounts it. The specs keep only what
 * their step needs: their rows and the other routes their page reads.
 */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import rison from 'rison';
import type { ReplayRow } from '@strata/domain';
import { createAppServices, type AppServices } from '../../../app/services';
import { ServicesProvider } from '../../../app/services-context';
import { createTestContext } from '../../../shared/test-context';
import { TestServer, type RecordedRequest } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { ReplayPage } from '../ReplayPage';
import { replayApi } from '../replay-api';
import { createReplay, type ReplayFeature } from '../replay.feature';

export const BOB = { id: 2, username: 'bob' } as const;

/** A moment of the replayed session, `s` seconds into it. */
export const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();

/** One audit row of bob's, at a log position; `batch` joins rows of one intent. */
export function replayRow(
  position: number,
  type: string,
  payload: unknown,
  object: ReplayRow['object'],
  batch = position,
): ReplayRow {
  return {
    position,
    time: at(position),
    actor: BOB,
    object,
    type,
    summary: `bob ${type.split('/')[1]} #${position}`,
    payload,
    batch_id: `b${batch}`,
    undone: false,
  };
}

type Answer = { status: number; body?: unknown } | undefined;

/**
 * `GET /api/v1/audit/` as the replay reads it: the user's rows newest first; a query naming an object (the
 * SQL Lab tabs the user had before the range) answers `objectRows`. Undefined for any other path.
 */
export function auditAnswer(url: URL, rows: readonly ReplayRow[], objectRows: readonly ReplayRow[] = []): Answer {
  if (url.pathname !== '/api/v1/audit/') return undefined;
  const query = rison.decode(url.searchParams.get('q') ?? '()') as { object?: unknown };
  const result = query.object ? [...objectRows] : [...rows].reverse();
  return { status: 200, body: { count: result.length, result } };
}

/** A real HTTP server answering `handler` (relative URLs are read against a placeholder origin). */
export function replayServer(handler: (url: URL, request: RecordedRequest) => Answer | Promise<Answer>) {
  return new TestServer((request) => handler(new URL(request.url, 'http://x'), request)).start();
}

export interface ReplayBedOptions {
  /** A started server (a TestServer, a feature's test API): stopped with the bed. */
  server: { baseUrl: string; stop(): Promise<void> };
  /**
   * The app's services, for a stage that draws a real page (Explore, the dashboard), created with these
   * options over the server; none when false (SQL Lab's stage needs none).
   */
  services?: Omit<NonNullable<Parameters<typeof createAppServices>[0]>, 'http'> | false;
}

export interface ReplayBed {
  readonly http: HttpClient;
  /** Null when the bed was made without services. */
  readonly services: AppServices | null;
  readonly replay: ReplayFeature;
  /** Loads bob's session (by default the first minute) as the replay form does. */
  open(range?: { userId?: number; since?: string; until?: string }): Promise<void>;
  /** Mounts the replay page as the app does: in the services' provider (if any) and a router. */
  render(options?: { route?: string; after?: ReactNode }): void;
  stop(): Promise<void>;
}

export function startReplayBed({ server, services: serviceOptions = {} }: ReplayBedOptions): ReplayBed {
  const http = new HttpClient({ baseUrl: server.baseUrl });
  const services = serviceOptions === false ? null : createAppServices({ ...serviceOptions, http });
  const replay = createReplay(services?.context ?? createTestContext('1'), replayApi(http));
  const stopPlayer = replay.start();
  return {
    http,
    services,
    replay,
    async open({ userId = BOB.id, since = at(0), until = at(60) } = {}) {
      await act(() => replay.open({ userId, since, until }));
    },
    render({ route = '/replay/?user=2', after } = {}) {
      const page = (
        <MemoryRouter initialEntries={[route]}>
          <ReplayPage replay={replay} />
          {after}
        </MemoryRouter>
      );
      render(services ? <ServicesProvider value={services}>{page}</ServicesProvider> : page);
    },
    async stop() {
      stopPlayer();
      services?.dispose();
      await server.stop();
    },
  };
}
