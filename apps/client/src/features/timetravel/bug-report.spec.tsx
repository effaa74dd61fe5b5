/**
 * Issue 13, "Report a bug": the file carries the page's client log, the server events of the objects on
 * screen (read from the server over real HTTP) and the app version; importing it reproduces the page's
 * state and keeps the server events; a version 1 file (before reports) is still read.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { envelopeBatch } from '@strata/events';
import { createTestContext } from '../../shared/test-context';
import { HttpClient } from '../api/http-client';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { ToastList } from '../toasts/ToastList';
import { version as clientVersion } from '../../../package.json';
import { readText, TimeTravelPanel } from './TimeTravelPanel';
import { bugReport } from './report';
import { TimeTravel } from './time-travel';
import { TestServer } from '../../testing/test-server';

const dashboardEvents = envelopeBatch(
  [
    { type: 'dashboard/created', data: { title: 'Flights' } },
    { type: 'dashboard/layoutPublished', data: { draftVersion: 2 } },
  ],
  { actor: '1', at: '2026-01-01T00:00:00.000Z', batchId: 'b-1' },
  { stream: 'dashboard:7', version: 1 },
);

let server: TestServer;
let toasts: ToastsFeature;
let timeTravel: TimeTravel;
let http: HttpClient;

beforeEach(async () => {
  // The server's read of one stream (apps/server/src/timetravel): dashboard 7 readable, its draft not.
  server = await new TestServer(({ url }) => {
    const stream = new URL(url, 'http://x').searchParams.get('stream');
    if (stream === 'dashboard:7') return { status: 200, body: { stream, version: 2, result: dashboardEvents } };
    if (stream === 'dashboard-draft:7') {
      return {
        status: 403,
        body: {
          message: 'You do not have access to dashboard-draft:7.',
          errors: [{ message: 'You do not have access to dashboard-draft:7.', error_type: 'X', level: 'warning' }],
        },
      };
    }
    return undefined;
  }).start();
  http = new HttpClient({ baseUrl: server.baseUrl });
  toasts = createToasts(createTestContext());
  timeTravel = new TimeTravel();
  timeTravel.register(toasts.store);
  timeTravel.onScreen(() => ['dashboard:7', 'dashboard-draft:7']);
  toasts.info('first');
  toasts.warning('second');
});

afterEach(async () => {
  toasts.dispose();
  timeTravel.dispose();
  await server.stop();
});

const toastTexts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('.toast__text')?.textContent);

describe('Report a bug', () => {
  it("exports the page's log, the server events of the objects on screen and the app version", async () => {
    const report = await bugReport(timeTravel, http, '2026-02-02T00:00:00.000Z');
    expect(report).toMatchObject({ format: 'strata-event-log', version: 2, appVersion: clientVersion });
    expect(report.events.map((e) => e.store)).toEqual(['toasts', 'toasts']);
    expect(server.requests.map((r) => decodeURIComponent(r.url))).toEqual([
      '/api/v1/timetravel/events/?stream=dashboard:7',
      '/api/v1/timetravel/events/?stream=dashboard-draft:7',
    ]);
    expect(report.server[0]).toEqual({ stream: 'dashboard:7', events: dashboardEvents });
    // A stream the user may not read is named with the reason; the report still goes out.
    expect(report.server[1]).toMatchObject({ stream: 'dashboard-draft:7', events: [] });
    expect(report.server[1]!.error).toMatch(/You do not have access to dashboard-draft:7/);
  });

  it('the panel downloads the report, and importing it reproduces the page and keeps the server events', async () => {
    render(
      <>
        <ToastList toasts={toasts} />
        <TimeTravelPanel timeTravel={timeTravel} toasts={toasts} now={() => '2026-02-02T00:00:00.000Z'} http={http} />
      </>,
    );
    act(() => timeTravel.open$.next(true));
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => (blobs.push(blob), 'blob:strata/report')),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Report a bug' }));
      expect(await screen.findByText(/Bug report saved: 2 page events, 2 server streams/)).toBeInTheDocument();
    } finally {
      click.mockRestore();
    }
    expect(names).toEqual(['strata-bug-report-2026-02-02T00-00-00-000Z.json']);
    const text = await readText(blobs[0]!);

    act(() => toasts.danger('after the report'));
    const file = new File([text], names[0]!, { type: 'application/json' });
    fireEvent.change(screen.getByTestId('time-travel-import'), { target: { files: [file] } });
    expect(await screen.findByText(`Imported 2 events and 2 server events from ${names[0]}`)).toBeInTheDocument();
    expect(toastTexts()).toEqual(expect.arrayContaining(['second', 'first']));
    expect(toastTexts()).not.toContain('after the report');
    expect(timeTravel.importedServerEvents$.value[0]).toEqual({ stream: 'dashboard:7', events: dashboardEvents });
  });

  it('still reads a version 1 file (no server events, no app version)', () => {
    const v1 = { ...timeTravel.exportLog('2026-01-01T00:00:00.000Z'), version: 1 } as Record<string, unknown>;
    delete v1.server;
    delete v1.appVersion;
    toasts.danger('after the export');
    expect(timeTravel.importLog(JSON.parse(JSON.stringify(v1)))).toEqual({
      imported: 2,
      unknownStores: [],
      serverEvents: 0,
      appVersion: 'unknown',
    });
    expect(toasts.store.getState().toasts.map((t: { text: string }) => t.text)).toEqual(['second', 'first']);
  });
});
