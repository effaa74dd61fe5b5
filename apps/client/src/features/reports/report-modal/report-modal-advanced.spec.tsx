import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReportJson } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { ReportsProvider } from '../state/reports-context';
import { createReports, type ReportsFeature } from '../state/reports.feature';
import { BOB, CAROL, reportApi } from '../api/testing/reports-api';
import { ReportModal } from './index';
import type { ReportTargetProp } from './report-form';

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
  server.requests.filter(
    (r) => r.method === method && r.url.startsWith('/api/v1/report/') && !r.url.includes('related'),
  );
const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByLabelText(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const owners = () => within(dialog()).getByRole('list', { name: 'Owners' });
const click = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));

function renderModal(props: { type?: 'Report' | 'Alert'; report?: ReportJson; target?: ReportTargetProp } = {}) {
  const saved: ReportJson[] = [];
  const { unmount } = render(
    <ReportsProvider reports={reports}>
      <ReportModal
        open
        type={props.type ?? 'Report'}
        report={props.report}
        target={props.report ? undefined : (props.target ?? DASHBOARD)}
        onClose={() => undefined}
        onSaved={(r) => saved.push(r)}
      />
    </ReportsProvider>,
  );
  return Object.assign(saved, { unmount });
}

/** Finds a user through the owners search and adds them. */
async function addOwner(search: string, label: string) {
  type('Search owners', search);
  fireEvent.click(await within(dialog()).findByRole('button', { name: `Add ${label}` }));
}

/** Fills a dashboard report's every new field: owners, advanced settings, tab, filter values. */
async function fillEverything() {
  type('Email recipients', 'ops@example.com');
  type('Description', 'Monday numbers');
  await addOwner('car', 'Carol Alpha');
  await addOwner('bob', 'Bob Gamma');
  expect(
    within(owners())
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Carol Alpha×', 'Bob Gamma×']);
  type('Log retention', '30');
  type('Working timeout', '600');
  type('Screenshot width', '1200');
  fireEvent.click(field('Ignore cache when generating report'));
  const tab = field('Tab to send');
  await within(tab).findByRole('option', { name: 'Overview › Delays' });
  expect(
    within(tab)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['The first tab', 'Overview', 'Overview › Delays', 'Airports']);
  type('Tab to send', 'TAB-delays');
  click('+ Apply filter values');
  const filter = within(dialog()).getByRole('group', { name: 'Filter 1' });
  expect(
    within(within(filter).getByLabelText('Native filter'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Select filter', 'Airline', 'Origin']);
  fireEvent.change(within(filter).getByLabelText('Native filter'), { target: { value: 'NATIVE_FILTER-airline' } });
  fireEvent.change(within(filter).getByLabelText('Filter values'), { target: { value: 'AA, UA' } });
}

const EVERYTHING = {
  description: 'Monday numbers',
  owners: [CAROL.id, BOB.id],
  log_retention: 30,
  working_timeout: 600,
  custom_width: 1200,
  force_screenshot: true,
  extra: {
    dashboard: {
      activeTabs: ['TAB-overview', 'TAB-delays'],
      anchor: 'TAB-delays',
      nativeFilters: [
        {
          nativeFilterId: 'NATIVE_FILTER-airline',
          filterType: 'filter_select',
          columnName: 'airline',
          filterValues: ['AA', 'UA'],
        },
      ],
    },
  },
};

describe('The report modal: description, owners and the Advanced settings', () => {
  it('sends each new field of a dashboard report: owners, log retention, timeout, width, cache, tab, filter values', async () => {
    const saved = renderModal();
    await fillEverything();
    click('Add');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(writes('POST')[0]!.body).toMatchObject({ dashboard: 7, report_format: 'PNG', ...EVERYTHING });
    // The owners search asked the report API, as the user typed.
    expect(server.requests.some((r) => r.url.startsWith('/api/v1/report/related/owners?q='))).toBe(true);
    // The creator is an owner of a new schedule anyway.
    expect(saved[0]!.owners!.map((o) => o.id)).toEqual([1, 2, 5]);
  });

  it('an edit shows every field as saved and a Save sends them back unchanged (round trip)', async () => {
    const created = await reports.api.create({
      type: 'Report',
      name: 'Everything',
      active: true,
      crontab: '0 9 * * 1',
      timezone: 'Europe/Paris',
      creation_method: 'dashboards',
      dashboard: 7,
      report_format: 'PDF',
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'ops@example.com', ccTarget: '', bccTarget: '' } },
      ],
      ...EVERYTHING,
    });
    const first = renderModal({ report: created });
    expect(field('Description')).toHaveValue('Monday numbers');
    expect(
      within(owners())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alice Admin×', 'Bob Gamma×', 'Carol Alpha×']);
    expect(field('Log retention')).toHaveValue('30');
    expect(field('Working timeout')).toHaveValue('600');
    expect(field('Screenshot width')).toHaveValue('1200');
    expect(field('Ignore cache when generating report')).toBeChecked();
    await within(field('Tab to send')).findByRole('option', { name: 'Overview › Delays' });
    expect(field('Tab to send')).toHaveValue('TAB-delays');
    expect(field('Native filter')).toHaveValue('NATIVE_FILTER-airline');
    expect(field('Filter values')).toHaveValue('AA, UA');
    expect(within(dialog()).queryByLabelText('Grace period')).toBeNull();

    click('Save');
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]!.body).toMatchObject({ ...EVERYTHING, owners: [1, 2, 5], report_format: 'PDF' });

    // Removing an owner, the tab and the filter values is sent too: `extra` {} clears the view.
    await waitFor(() => expect(first).toHaveLength(1));
    first.unmount();
    renderModal({ report: api.reports.get(created.id)! });
    fireEvent.click(within(owners()).getByRole('button', { name: 'Remove Carol Alpha' }));
    await within(field('Tab to send')).findByRole('option', { name: 'Airports' });
    type('Tab to send', '');
    click('Remove filter 1');
    click('Save');
    await waitFor(() => expect(writes('PUT')).toHaveLength(2));
    expect(writes('PUT')[1]!.body).toMatchObject({ owners: [1, 2], extra: {} });
  });

  it('an alert sends its grace period; a chart report sends no dashboard view, and a CSV no width', async () => {
    renderModal({ type: 'Alert', target: { creationMethod: 'charts', chartId: 3 } });
    type('Alert name', 'Late flights');
    await within(field('Database')).findByRole('option', { name: 'examples' });
    type('Database', '1');
    type('SQL query', 'SELECT 1');
    type('Threshold', '10');
    type('Email recipients', 'ops@example.com');
    type('Grace period', '3600');
    expect(within(dialog()).queryByLabelText('Tab to send')).toBeNull();
    type('Format', 'CSV');
    expect(within(dialog()).queryByLabelText('Screenshot width')).toBeNull();
    click('Add');
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    const body = writes('POST')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ chart: 3, grace_period: 3600, custom_width: null, report_format: 'CSV' });
    expect(body).not.toHaveProperty('extra');
    expect(body).not.toHaveProperty('owners');
  });

  it("shows the server's refusal on the new field it names and keeps what was typed", async () => {
    const saved = renderModal();
    type('Email recipients', 'ops@example.com');
    type('Screenshot width', '300');
    click('Add');
    const width = await within(dialog()).findByText(/custom_width: The screenshot size must be from 600 to 2400 px/);
    expect(width.closest('[data-field]')).toHaveAttribute('data-field', 'custom_width');
    expect(field('Screenshot width')).toHaveValue('300');
    // The Advanced section opens on its refused field.
    expect(width.closest('details')).toHaveAttribute('open');

    type('Screenshot width', '');
    type('Working timeout', '0');
    click('Add');
    const timeout = await within(dialog()).findByText(/working_timeout: Whole seconds, at least 1/);
    expect(timeout.closest('[data-field]')).toHaveAttribute('data-field', 'working_timeout');

    // Left blank: the server's shape error (extra.issues) still shows on the field.
    type('Working timeout', '');
    click('Add');
    const blank = await within(dialog()).findByText(/body\.working_timeout: Invalid input/);
    expect(blank.closest('[data-field]')).toHaveAttribute('data-field', 'working_timeout');

    type('Working timeout', '60');
    click('Add');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.reports.get(1)).toMatchObject({ working_timeout: 60, custom_width: null });
  });
});
