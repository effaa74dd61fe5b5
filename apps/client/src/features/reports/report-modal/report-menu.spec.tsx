import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { ReportsProvider } from '../state/reports-context';
import { createReports, type ReportsFeature } from '../state/reports.feature';
import { reportApi } from '../api/testing/reports-api';
import { ManageEmailReports, ReportModal } from './index';
import type { ReportTargetProp } from './report-form';

const ALPHA = {
  id: 1,
  roles: { Alpha: [['can_write', 'ReportSchedule'] as const, ['can_read', 'ReportSchedule'] as const] },
};
const GAMMA = { id: 2, roles: { Gamma: [['can_read', 'Chart'] as const] } };
const CHART: ReportTargetProp = { creationMethod: 'charts', chartId: 3, name: 'Flights by month' };
const DASHBOARD: ReportTargetProp = { creationMethod: 'dashboards', dashboardId: 7, name: 'Flights' };

let server: TestServer;
let api: ReturnType<typeof reportApi>;
let reports: ReportsFeature;

beforeEach(async () => {
  api = reportApi();
  server = await new TestServer(api.handler).start();
  reports = createReports({ context: createTestContext(), http: new HttpClient({ baseUrl: server.baseUrl }) });
});

afterEach(async () => {
  await server.stop();
});

const writes = (method: string) =>
  server.requests.filter((r) => r.method === method && r.url.startsWith('/api/v1/report/'));

function renderMenu(target: ReportTargetProp, user: typeof ALPHA | typeof GAMMA = ALPHA) {
  return render(
    <ReportsProvider reports={reports}>
      <ManageEmailReports target={target} user={user} />
    </ReportsProvider>,
  );
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Manage email reports' }));
  return screen.getByRole('menu');
}

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByLabelText(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

/** Creates a report on the chart through the API, as another page would have. */
async function existingReport(name = 'Weekly sales') {
  return reports.api.create({
    type: 'Report',
    name,
    active: true,
    crontab: '0 9 * * 1',
    timezone: 'Europe/Paris',
    creation_method: 'charts',
    chart: 3,
    report_format: 'PNG',
    recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com', ccTarget: '', bccTarget: '' } }],
  });
}

describe('Manage email reports (charts-dashboards-reports §9)', () => {
  it("sets up a report from the chart's menu: the body sent, then the report filed under charts/<chart id>", async () => {
    renderMenu(CHART);
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Set up an email report' }));
    expect(field('Report name')).toHaveValue('Weekly Report for Flights by month');
    fireEvent.change(field('Repeat'), { target: { value: 'week' } });
    fireEvent.change(field('Day of the week'), { target: { value: '3' } });
    fireEvent.change(field('Time of day'), { target: { value: '09:30' } });
    expect(field('Cron schedule')).toHaveValue('30 9 * * 3');
    fireEvent.change(field('Time zone'), { target: { value: 'America/New_York' } });
    // The next sends, read in the report's zone as the scheduler reads them.
    const next = within(dialog()).getByTestId('next-runs');
    expect(next.textContent!.match(/Wed, \d+ \w+ \d{4}, 09:30/g)).toHaveLength(3);
    expect(next).toHaveTextContent('(America/New_York)');
    expect(
      within(field('Format'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT']);
    fireEvent.change(field('Format'), { target: { value: 'CSV' } });
    type('Email recipients', 'ann@example.com, bob@example.com');
    type('CC recipients', 'cat@example.com');
    type('Webhook URL', 'https://hooks.example.com/r');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes('POST')[0]!.body).toEqual({
      type: 'Report',
      name: 'Weekly Report for Flights by month',
      active: true,
      crontab: '30 9 * * 3',
      timezone: 'America/New_York',
      creation_method: 'charts',
      chart: 3,
      report_format: 'CSV',
      recipients: [
        {
          type: 'Email',
          recipient_config_json: {
            target: 'ann@example.com, bob@example.com',
            ccTarget: 'cat@example.com',
            bccTarget: '',
          },
        },
        { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/r' } },
      ],
      // The Advanced defaults (Superset's); no width for a CSV.
      log_retention: 90,
      working_timeout: 3600,
      custom_width: null,
      force_screenshot: false,
    });
    const filed = reports.store.getState().byTarget.charts?.[3];
    expect(filed).toMatchObject({ id: 1, name: 'Weekly Report for Flights by month', chart_id: 3 });
    const again = await openMenu();
    expect(within(again).getByRole('menuitem', { name: 'Edit email report' })).toBeInTheDocument();
    expect(within(again).getByRole('menuitemcheckbox', { name: /Email reports active/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('reads the user’s report of the target on load (§6: created by the current user) and edits it, then toggles it off', async () => {
    await existingReport();
    renderMenu(CHART);
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Edit email report' }));
    const list = server.requests.find((r) => r.method === 'GET' && r.url.startsWith('/api/v1/report/?q='))!;
    expect(decodeURIComponent(list.url)).toContain(
      'filters:!((col:chart_id,opr:eq,value:3),(col:creation_method,opr:eq,value:charts),(col:created_by,opr:rel_o_m,value:1))',
    );
    expect(field('Report name')).toHaveValue('Weekly sales');
    expect(field('Repeat')).toHaveValue('week');
    expect(field('Day of the week')).toHaveValue('1');
    expect(field('Time zone')).toHaveValue('Europe/Paris');
    expect(field('Email recipients')).toHaveValue('a@example.com');
    type('Report name', 'Monday sales');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes('PUT')[0]).toMatchObject({
      url: '/api/v1/report/1',
      body: {
        name: 'Monday sales',
        crontab: '0 9 * * 1',
        timezone: 'Europe/Paris',
        chart: 3,
        creation_method: 'charts',
      },
    });
    expect(reports.store.getState().byTarget.charts?.[3]?.name).toBe('Monday sales');

    const toggle = within(await openMenu()).getByRole('menuitemcheckbox', { name: /Email reports active/ });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(writes('PUT')[1]).toMatchObject({ url: '/api/v1/report/1', body: { active: false } });
    expect(api.reports.get(1)?.active).toBe(false);
    expect(reports.store.getState().byTarget.charts?.[3]?.active).toBe(false);
  });

  it('deletes the report only after the confirmation; the menu then offers to set one up again', async () => {
    await existingReport();
    renderMenu(CHART);
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Delete email report' }));
    expect(dialog()).toHaveAccessibleName('Delete email report');
    expect(dialog()).toHaveTextContent('This action will permanently delete Weekly sales.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(writes('DELETE')).toHaveLength(0);

    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete email report' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes('DELETE')[0]!.url).toBe('/api/v1/report/1');
    expect(api.reports.size).toBe(0);
    expect(reports.store.getState().byTarget.charts?.[3]).toBeUndefined();
    expect(within(await openMenu()).getByRole('menuitem', { name: 'Set up an email report' })).toBeInTheDocument();
  });

  it('shows a bad cron’s refusal on the cron field and keeps everything typed; fixed, it saves', async () => {
    renderMenu(DASHBOARD);
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Set up an email report' }));
    type('Report name', 'Flights every hour');
    type('Cron schedule', '61 * * * *');
    expect(field('Repeat')).toHaveValue('custom');
    type('Email recipients', 'ann@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));

    const error = await within(dialog()).findByText(/crontab: '61 \* \* \* \*' is not a valid cron expression/);
    expect(error.closest('fieldset')).toHaveTextContent('Cron');
    expect(field('Cron schedule')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Report name')).toHaveValue('Flights every hour');
    expect(field('Cron schedule')).toHaveValue('61 * * * *');
    expect(field('Email recipients')).toHaveValue('ann@example.com');

    type('Cron schedule', '0 * * * *');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.reports.get(1)).toMatchObject({ name: 'Flights every hour', crontab: '0 * * * *', dashboard_id: 7 });
    expect(reports.store.getState().byTarget.dashboards?.[7]?.id).toBe(1);
  });

  it('shows a name taken (422) on the name field', async () => {
    await existingReport('Flights weekly');
    render(
      <ReportsProvider reports={reports}>
        <ReportModal open type="Report" target={DASHBOARD} onClose={() => undefined} />
      </ReportsProvider>,
    );
    type('Report name', 'flights WEEKLY');
    type('Email recipients', 'ann@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    const error = await within(dialog()).findByText(/name: 'flights WEEKLY' is taken/);
    expect(error.closest('[data-field]')).toHaveAttribute('data-field', 'name');
    expect(field('Report name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers CSV, XLSX and TEXT for charts only', async () => {
    renderMenu(DASHBOARD);
    fireEvent.click(await within(await openMenu()).findByRole('menuitem', { name: 'Set up an email report' }));
    expect(
      within(field('Format'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['PNG', 'PDF']);
    expect(field('Time zone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is not offered without can_write on ReportSchedule', async () => {
    renderMenu(CHART, GAMMA);
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Manage email reports' })).toBeNull();
    expect(server.requests.filter((r) => r.url.startsWith('/api/v1/report/'))).toHaveLength(0);
  });
});

describe('The alert editor', () => {
  it('sends the database, the SQL and the validator with the content picked', async () => {
    const saved: unknown[] = [];
    render(
      <ReportsProvider reports={reports}>
        <ReportModal
          open
          type="Alert"
          target={{ creationMethod: 'alerts_reports' }}
          onClose={() => undefined}
          onSaved={(r) => saved.push(r)}
        />
      </ReportsProvider>,
    );
    expect(dialog()).toHaveAccessibleName('Add Alert');
    type('Alert name', 'Late flights');
    await within(field('Database')).findByRole('option', { name: 'warehouse' });
    type('Database', '2');
    type('SQL query', 'SELECT count(*) FROM flights WHERE delay > 100');
    type('Condition', '>');
    type('Threshold', '10');
    type('Content type', 'dashboard');
    await within(field('Select content')).findByRole('option', { name: 'Flights' });
    type('Select content', '7');
    type('Email recipients', 'ops@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(writes('POST')[0]!.body).toMatchObject({
      type: 'Alert',
      name: 'Late flights',
      creation_method: 'alerts_reports',
      dashboard: 7,
      report_format: 'PNG',
      database: 2,
      sql: 'SELECT count(*) FROM flights WHERE delay > 100',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
    });
    expect(saved[0]).toMatchObject({ id: 1, database: { id: 2, database_name: 'warehouse' } });
  });

  it('"not null" sends no operator and hides the threshold', async () => {
    render(
      <ReportsProvider reports={reports}>
        <ReportModal open type="Alert" target={{ creationMethod: 'charts', chartId: 3 }} onClose={() => undefined} />
      </ReportsProvider>,
    );
    type('Alert name', 'Any flights');
    await within(field('Database')).findByRole('option', { name: 'examples' });
    type('Database', '1');
    type('SQL query', 'SELECT 1');
    type('Condition', 'not null');
    expect(within(dialog()).queryByLabelText('Threshold')).toBeNull();
    type('Email recipients', 'ops@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(writes('POST')[0]!.body).toMatchObject({
      chart: 3,
      database: 1,
      sql: 'SELECT 1',
      validator_type: 'not null',
      validator_config_json: {},
    });
  });
});
