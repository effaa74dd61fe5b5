import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import rison from 'rison';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createToasts } from '../../toasts/toasts.feature';
import { TimeTravel } from '../../timetravel/time-travel';
import { ReportsProvider } from '../state/reports-context';
import { createReports } from '../state/reports.feature';
import { createReportPages, type ReportPagesFeature } from './report-pages.feature';
import { ReportListPage } from './ReportListPage';
import { ReportLogPage } from './ReportLogPage';
import { ALICE, BOB, reportApi as reportApiOf, runs, schedules } from '../api/testing/reports-api';

/** The fake server holding Alice's and Bob's schedules. */
const reportApi = (options: Parameters<typeof reportApiOf>[0]) => reportApiOf({ rows: schedules(), ...options });

let server: TestServer;
let pages: ReportPagesFeature;

async function start(api: ReturnType<typeof reportApi>) {
  server = await new TestServer(api.handler).start();
  pages = createReportPages(
    createTestContext(),
    new HttpClient({ baseUrl: server.baseUrl }),
    createToasts(createTestContext()),
    // Short pauses between reads while a run is Working: the tests wait for what the page shows.
    { pollMs: 50 },
  );
}

afterEach(async () => {
  await server.stop();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string, me: { id: number; admin: boolean }, canWrite = false) {
  const list = (type: 'Report' | 'Alert') => (
    <ReportListPage pages={pages} type={type} admin={me.admin} userId={me.id} canWrite={canWrite} />
  );
  // The report modal's store (../state), on the same server.
  const reports = createReports({ context: createTestContext(), http: new HttpClient({ baseUrl: server.baseUrl }) });
  return render(
    <ReportsProvider reports={reports}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/report/list/" element={list('Report')} />
          <Route path="/alert/list/" element={list('Alert')} />
          <Route path="/report/:id/log/" element={<LogAt />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ReportsProvider>,
  );
}

function LogAt() {
  const id = Number(useLocation().pathname.split('/')[2]);
  return <ReportLogPage pages={pages} reportId={id} />;
}

const listQueries = () =>
  server.requests
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/report/?'))
    .map(
      (r) => rison.decode(new URL(r.url, 'http://x').searchParams.get('q')!) as { filters: unknown[]; page: number },
    );

describe('Reports list', () => {
  it('shows the reports: last state, name, schedule in words, last run time, recipients, owners, active', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/report/list/', { id: 1, admin: true });
    const row = await screen.findByTestId('schedule-row-1');
    expect(row).toHaveTextContent('Success');
    expect(within(row).getByRole('link', { name: 'Weekly flights' })).toHaveAttribute('href', '/report/1/log/');
    expect(row).toHaveTextContent('Every Monday at 09:00');
    expect(row).toHaveTextContent('Europe/Paris');
    expect(row).toHaveTextContent('ops@example.com; cc boss@example.com');
    expect(row).toHaveTextContent('Alice Admin');
    expect(within(row).getByRole('switch', { name: 'Active: Weekly flights' })).toBeChecked();
    expect(row.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T08:00:04.000Z');
    // An admin sees Bob's report too; the Alerts tab is not this list.
    expect(screen.getByTestId('schedule-row-2')).toHaveTextContent('Error');
    expect(screen.queryByTestId('schedule-row-3')).toBeNull();
    expect(listQueries()[0].filters).toEqual([{ col: 'type', opr: 'eq', value: 'Report' }]);
    expect(screen.queryByText(/you created or own/)).toBeNull();
  });

  it('a non-admin sees only the schedules they created or own, and is told so', async () => {
    await start(reportApi({ me: { ...BOB, admin: false } }));
    renderAt('/report/list/', { id: 2, admin: false });
    expect(await screen.findByTestId('schedule-row-2')).toHaveTextContent('Daily delays');
    expect(screen.queryByTestId('schedule-row-1')).toBeNull();
    expect(screen.getByText('Only the reports you created or own are listed.')).toBeInTheDocument();
  });

  it('the alerts list shows alerts, with a webhook recipient', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/alert/list/', { id: 1, admin: true });
    const row = await screen.findByTestId('schedule-row-3');
    expect(row).toHaveTextContent('Every 15 minutes');
    expect(row).toHaveTextContent('Webhook https://hooks.example.com/x');
    expect(row).toHaveTextContent('Not triggered');
    expect(screen.queryByTestId('schedule-row-1')).toBeNull();
  });

  it('search and filters go in the address and the query', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/report/list/', { id: 1, admin: true });
    await screen.findByTestId('schedule-row-1');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Error' } });
    await waitFor(() => expect(screen.queryByTestId('schedule-row-1')).toBeNull());
    expect(screen.getByTestId('schedule-row-2')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/report/list/?status=Error');
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/report/list/?owner=1&status=Error'));
    await waitFor(() => expect(screen.getByText('No reports yet')).toBeInTheDocument());
    expect(listQueries().at(-1)!.filters).toEqual([
      { col: 'type', opr: 'eq', value: 'Report' },
      { col: 'owners', opr: 'rel_m_m', value: 1 },
      { col: 'last_state', opr: 'eq', value: 'Error' },
    ]);
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Active'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Search reports'), { target: { value: 'boss@' } });
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/report/list/?search=boss%40&active=true'),
    );
    await waitFor(() => expect(screen.queryByTestId('schedule-row-2')).toBeNull());
    expect(screen.getByTestId('schedule-row-1')).toBeInTheDocument();
  });

  it('the active toggle sends {active} and the row follows the answer', async () => {
    await start(reportApi({ me: { ...BOB, admin: false } }));
    renderAt('/report/list/', { id: 2, admin: false });
    const toggle = within(await screen.findByTestId('schedule-row-2')).getByRole('switch');
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(within(screen.getByTestId('schedule-row-2')).getByRole('switch')).not.toBeChecked());
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/report/2');
    expect(put.body).toEqual({ active: false });
  });

  it('while the page shows the past (time travel), the toggle and Run now reach no server', async () => {
    await start(reportApi({ me: { ...BOB, admin: false } }));
    const timeTravel = new TimeTravel();
    timeTravel.register(pages.store);
    renderAt('/report/list/', { id: 2, admin: false });
    const row = await screen.findByTestId('schedule-row-2');
    act(() => timeTravel.scrubTo(timeTravel.timeline().length));
    fireEvent.click(within(row).getByRole('switch'));
    fireEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    act(() => timeTravel.resume());
    fireEvent.click(within(screen.getByTestId('schedule-row-2')).getByRole('switch'));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
  });

  it('Run now posts the run, says what the server answered and reads the schedule again', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/report/list/', { id: 1, admin: true });
    const row = await screen.findByTestId('schedule-row-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(screen.getByTestId('schedule-row-1')).toHaveTextContent('Run now: Working'));
    await waitFor(() => expect(within(screen.getByTestId('schedule-row-1')).getAllByTitle('Working')).toHaveLength(1));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/v1/report/1/run']);
  });

  it('while Run now waits for its answer the row shows the run Working, then what it ended as', async () => {
    let release!: () => void;
    const runHold = new Promise<void>((done) => (release = done));
    await start(reportApi({ me: { ...ALICE, admin: true }, runHold }));
    renderAt('/report/list/', { id: 1, admin: true });
    fireEvent.click(within(await screen.findByTestId('schedule-row-1')).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(within(screen.getByTestId('schedule-row-1')).getAllByTitle('Working')).toHaveLength(1));
    expect(within(screen.getByTestId('schedule-row-1')).getByRole('button', { name: 'Running…' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('schedule-row-1')).toHaveTextContent('Run now: Success'));
    await waitFor(() => expect(within(screen.getByTestId('schedule-row-1')).getAllByTitle('Success')).toHaveLength(1));
  });

  it('a refused Run now shows the server message', async () => {
    await start(
      reportApi({
        me: { ...ALICE, admin: true },
        runRefusal: { status: 409, message: 'The report is already running.' },
      }),
    );
    renderAt('/report/list/', { id: 1, admin: true });
    fireEvent.click(within(await screen.findByTestId('schedule-row-1')).getByRole('button', { name: 'Run now' }));
    expect(
      await within(screen.getByTestId('schedule-row-1')).findByText('The report is already running.'),
    ).toBeInTheDocument();
  });

  it('with can_write, + Report opens the report modal, and Edit saves through it and the list reads again', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/report/list/', { id: 1, admin: true }, true);
    fireEvent.click(await screen.findByRole('button', { name: '+ Report' }));
    expect(screen.getByRole('dialog', { name: 'Add Email Report' })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(await screen.findByTestId('schedule-row-1')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Email Report' });
    const name = within(dialog).getByLabelText('Report name');
    expect(name).toHaveValue('Weekly flights');
    fireEvent.change(name, { target: { value: 'Weekly flights (ops)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('schedule-row-1')).toHaveTextContent('Weekly flights (ops)'));
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'Weekly flights (ops)', crontab: '0 9 * * 1' });
  });

  it('without can_write there is no + Report and no Edit', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/report/list/', { id: 1, admin: true }, false);
    await screen.findByTestId('schedule-row-1');
    expect(screen.queryByRole('button', { name: '+ Report' })).toBeNull();
    expect(within(screen.getByTestId('schedule-row-1')).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('Delete asks first, then removes the row', async () => {
    await start(reportApi({ me: { ...ALICE, admin: true } }));
    renderAt('/report/list/', { id: 1, admin: true });
    fireEvent.click(within(await screen.findByTestId('schedule-row-2')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent("Delete the report 'Daily delays'?");
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(screen.queryByTestId('schedule-row-2')).toBeNull());
    expect(server.requests.find((r) => r.method === 'DELETE')!.url).toBe('/api/v1/report/2');
  });
});

describe('Execution log', () => {
  it('shows the runs: state, scheduled, start, end, duration, value, error; paged', async () => {
    await start(reportApi({ me: { ...BOB, admin: false }, logs: { 2: runs(30) } }));
    renderAt('/report/2/log/', { id: 2, admin: false });
    expect(await screen.findByRole('heading', { name: 'Daily delays' })).toBeInTheDocument();
    const newest = await screen.findByTestId('log-row-run-0');
    expect(newest).toHaveTextContent('Error');
    expect(newest).toHaveTextContent('No chart appeared within 60 s');
    expect(newest).toHaveTextContent('2.5 s');
    expect(newest.querySelectorAll('time')[0]).toHaveAttribute('dateTime', '2026-11-27T06:30:00.000Z');
    expect(screen.getByTestId('log-row-run-1')).toHaveTextContent('Success');
    expect(screen.getByText('Page 1 of 2 (30)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('log-row-run-29')).toBeInTheDocument();
    expect(screen.queryByTestId('log-row-run-0')).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/report/2/log/?page=1');
  });

  it('Run now from the log adds the Working run', async () => {
    await start(reportApi({ me: { ...BOB, admin: false }, logs: { 2: runs(1) } }));
    renderAt('/report/2/log/', { id: 2, admin: false });
    await screen.findByTestId('log-row-run-0');
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByTestId('log-row-now-1')).toHaveTextContent('Working');
  });

  it('reads the log again while a run is Working, until it ends', async () => {
    const working = { ...runs(1)[0], uuid: 'run-w', state: 'Working' as const, end_dttm: null, error_message: null };
    const logs = { 2: [working, ...runs(1)] };
    await start(reportApi({ me: { ...BOB, admin: false }, logs }));
    renderAt('/report/2/log/', { id: 2, admin: false });
    expect(await screen.findByTestId('log-row-run-w')).toHaveTextContent('Working');
    Object.assign(working, {
      state: 'Success',
      end_dttm: new Date(Date.parse(working.start_dttm!) + 2000).toISOString(),
    });
    await waitFor(() => expect(screen.getByTestId('log-row-run-w')).toHaveTextContent('Success'));
    expect(screen.getByTestId('log-row-run-w')).toHaveTextContent('2.0 s');
  });

  it("another user's schedule is not shown", async () => {
    await start(reportApi({ me: { ...BOB, admin: false } }));
    renderAt('/report/1/log/', { id: 2, admin: false });
    expect(await screen.findByText('There is no such schedule, or it is not yours.')).toBeInTheDocument();
  });
});
