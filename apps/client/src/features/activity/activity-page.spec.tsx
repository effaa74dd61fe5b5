import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Subject, BehaviorSubject } from 'rxjs';
import rison from 'rison';
import type { ClientMessage, ServerMessage } from '@strata/events';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { parseExport } from '../timetravel/export-format';
import { readText } from '../timetravel/TimeTravelPanel';
import { createActivity, type ActivityFeature } from './activity.feature';
import { ActivityPage } from './ActivityPage';
import type { WireTransport } from './audit-live-transport';
import { auditApi, ROWS } from './testing/audit-api';

let server: TestServer;
let activity: ActivityFeature;
/** The socket under the live tail: what the page sent, and a way to push what the server would. */
let wire: { sent: ClientMessage[]; push: (m: ServerMessage) => void } | null;

function scriptedWire(): WireTransport {
  const messages$ = new Subject<ServerMessage>();
  const sent: ClientMessage[] = [];
  wire = { sent, push: (m) => messages$.next(m) };
  return {
    messages$,
    connected$: new BehaviorSubject(true),
    send: (m) => void sent.push(m),
    close: () => messages$.complete(),
  };
}

beforeEach(async () => {
  wire = null;
  server = await new TestServer(auditApi()).start();
  activity = createActivity({
    context: createTestContext(),
    http: new HttpClient({ baseUrl: server.baseUrl }),
    liveTransport: scriptedWire,
  });
});

afterEach(async () => {
  activity.dispose();
  await server.stop();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string, admin = true) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/activity/" element={<ActivityPage activity={activity} admin={admin} userId={admin ? 1 : 2} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const auditQueries = () =>
  server.requests
    .filter((r) => r.url.startsWith('/api/v1/audit/'))
    .map((r) => rison.decode(new URL(r.url, 'http://x').searchParams.get('q')!) as Record<string, unknown>);

describe('Activity page', () => {
  it('lists the audit rows: time, who, the object linked to its page, the summary, the type, undone', async () => {
    renderAt('/activity/');
    const row = await screen.findByTestId('activity-row-12');
    expect(row).toHaveTextContent('bob');
    expect(row).toHaveTextContent("bob renamed the chart 'Sales' to 'Revenue'");
    expect(row).toHaveTextContent('chart/chartRenamed');
    expect(within(row).getByText('undone')).toHaveClass('badge');
    expect(within(row).getByRole('link', { name: "chart 'Sales'" })).toHaveAttribute('href', '/explore/?slice_id=3');
    expect(within(row).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/activity/object/chart/3');
    const dashboard = screen.getByTestId('activity-row-5');
    expect(within(dashboard).getByRole('link', { name: "dashboard 'Flights'" })).toHaveAttribute(
      'href',
      '/superset/dashboard/7/',
    );
    expect(within(dashboard).queryByText('undone')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByText('Rows 1–2 of 2')).toBeInTheDocument();
  });

  it('keeps the filters in the address: a link opens filtered, Apply and the page size change the address', async () => {
    const view = renderAt('/activity/?actor=2&types=chart/chartRenamed');
    expect(await screen.findByTestId('activity-row-12')).toBeInTheDocument();
    expect(screen.queryByTestId('activity-row-5')).toBeNull();
    expect(auditQueries()[0]).toEqual({ actor: 2, types: ['chart/chartRenamed'], page: 0, page_size: 25 });
    // The form shows what the address says, the user picker lists the users.
    const form = screen.getByRole('form', { name: 'Filter the activity' });
    await waitFor(() => expect(within(form).getByLabelText('User')).toHaveDisplayValue('bob'));

    fireEvent.change(within(form).getByLabelText('User'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Event types'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Object type'), { target: { value: 'dashboard' } });
    fireEvent.change(within(form).getByLabelText('Object id'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/activity/?actor=1&object_type=dashboard&object_id=7');
    expect(await screen.findByTestId('activity-row-5')).toBeInTheDocument();
    expect(screen.queryByTestId('activity-row-12')).toBeNull();

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '1000' } });
    expect(screen.getByTestId('where')).toHaveTextContent('page_size=1000');
    await waitFor(() => expect(auditQueries().at(-1)).toMatchObject({ actor: 1, page_size: 1000 }));

    // A reload of that address asks the same.
    const address = screen.getByTestId('where').textContent!;
    view.unmount();
    renderAt(address);
    expect(await screen.findByTestId('activity-row-5')).toBeInTheDocument();
    expect(auditQueries().at(-1)).toEqual({ actor: 1, object: { type: 'dashboard', id: 7 }, page: 0, page_size: 1000 });
  });

  it('opens a row to its payload and the object before and after the event, field by field', async () => {
    renderAt('/activity/');
    fireEvent.click(await screen.findByRole('button', { name: 'Show the details of event 12' }));
    const details = screen.getByRole('region', { name: 'Details of event 12' });
    expect(within(details).getByText(/"slice_name": "Revenue"/)).toBeInTheDocument();
    const name = await within(details).findByTestId('diff-slice_name');
    expect(name).toHaveTextContent('changed');
    expect(name).toHaveTextContent('"Sales"');
    expect(name).toHaveTextContent('"Revenue"');
    // Only the name changed: nothing else is listed.
    expect(within(within(details).getByRole('table', { name: 'Before and after' })).getAllByRole('row')).toHaveLength(
      2,
    );
    expect(within(details).getByRole('link', { name: 'Open as it was before' })).toHaveAttribute(
      'href',
      '/explore/?slice_id=3&as_of=11',
    );
    expect(within(details).getByRole('link', { name: 'Open as it was after' })).toHaveAttribute(
      'href',
      '/explore/?slice_id=3&as_of=12',
    );
    const asOf = server.requests.filter((r) => r.url.includes('as_of=')).map((r) => r.url);
    expect(asOf).toEqual(['/api/v1/chart/3?as_of=11', '/api/v1/chart/3?as_of=12']);
  });

  it('exports the filtered slice as a time-travel file the panel reads, the rows as server events', async () => {
    renderAt('/activity/?actor=2');
    await screen.findByTestId('activity-row-12');
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => (blobs.push(blob), 'blob:strata/activity')),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export as time-travel file' }));
      await waitFor(() => expect(names).toHaveLength(1));
    } finally {
      click.mockRestore();
    }
    expect(names[0]).toMatch(/^strata-activity-.*\.json$/);
    const file = parseExport(JSON.parse(await readText(blobs[0]!)));
    expect(file.server).toEqual([
      {
        stream: 'chart:3',
        events: [
          expect.objectContaining({
            type: 'chart/chartRenamed',
            data: { slice_name: 'Revenue' },
            position: 12,
            meta: { actor: '2', at: ROWS[0]!.time, batchId: 'batch-12' },
          }),
        ],
      },
    ]);
    // The slice is every page of the filter, read at the largest page size.
    expect(auditQueries().at(-1)).toEqual({ actor: 2, page: 0, page_size: 1000 });
  });

  it('a user who is not an admin reads "My activity", is told so, and picks no user', async () => {
    renderAt('/activity/', false);
    expect(await screen.findByRole('heading', { name: 'My activity' })).toBeInTheDocument();
    expect(screen.getByText(/You see your own activity only/)).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Filter the activity' })).queryByLabelText('User')).toBeNull();
    expect(server.requests.some((r) => r.url.startsWith('/api/v1/security/users/'))).toBe(false);
  });

  it("Live follows the user's audit stream and prepends the new rows that match the filters", async () => {
    renderAt('/activity/?types=chart/chartRenamed', false);
    await screen.findByTestId('activity-row-12');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live' }));
    expect(wire!.sent).toEqual([{ type: 'subscribe', protocolVersion: 1, stream: 'audit:2', fromVersion: 0 }]);
    expect(screen.getByRole('checkbox', { name: 'Live' })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Live tail' })).toHaveTextContent('Connecting…');
    act(() => wire!.push({ type: 'subscribed', stream: 'audit:2', events: [], version: 0 }));
    expect(screen.getByRole('status', { name: 'Live tail' })).toHaveTextContent('Following new activity');

    const renamed = {
      ...ROWS[0]!,
      position: 20,
      summary: "bob renamed the chart 'Revenue' to 'Income'",
      undone: false,
    };
    const other = { ...ROWS[0]!, position: 21, type: 'chart/chartSaved', summary: 'bob saved the chart' };
    const envelope = (row: typeof renamed) => ({
      id: `audit-${row.position}`,
      stream: 'audit:2',
      version: row.position,
      type: 'audit/row',
      data: row,
      meta: { actor: '2', at: row.time, batchId: 'b' },
    });
    act(() => wire!.push({ type: 'events', stream: 'audit:2', events: [envelope(other), envelope(renamed)] }));
    const rows = screen.getAllByTestId(/^activity-row-/).map((r) => r.dataset.testid);
    expect(rows).toEqual(['activity-row-20', 'activity-row-12']);
    expect(screen.getByTestId('activity-row-20')).toHaveTextContent("'Revenue' to 'Income'");

    act(() =>
      wire!.push({ type: 'revoked', stream: 'audit:2', reason: 'access_changed', message: 'No longer yours.' }),
    );
    expect(screen.getByRole('checkbox', { name: 'Live' })).not.toBeChecked();
    expect(screen.getByText('No longer yours.')).toBeInTheDocument();
  });
});
