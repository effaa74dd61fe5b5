import { DomainError } from '@strata/events';
import { deciderSpec } from '../testing';
import { reportNameKey, reportNameTaken } from './report-names';
import { ReportFieldError } from './report-field-error';
import { splitAddresses } from './report-validation';
import type { ReportCommand } from './report.commands';
import { reportDecider, type ReportStreamState } from './report.decider';
import type { ReportEvent } from './report.events';
import { createCommand, created, dashboardReport, delayAlert } from './testing.fixture';

const spec = deciderSpec(reportDecider);

/** Decide on the given events; the field a refusal names, or what else it threw. */
function refusedField(given: ReportEvent[], command: ReportCommand): string {
  const state = given.reduce<ReportStreamState>(reportDecider.evolve, reportDecider.initialState());
  try {
    reportDecider.decide(command, state);
  } catch (error) {
    if (error instanceof ReportFieldError) {
      expect(error.code).toBe('invalid_report_field');
      expect(error.message.startsWith(`${error.field}: `)).toBe(true);
      return error.field;
    }
    throw error;
  }
  throw new Error(`${command.type} was not refused`);
}
const update = (data: Extract<ReportCommand, { type: 'UpdateReport' }>['data']): ReportCommand => ({
  type: 'UpdateReport',
  data,
});

describe('report decider: creating', () => {
  it('a minimal report takes Superset’s defaults; the creator is the first owner', () => {
    spec
      .given([])
      .when({
        type: 'CreateReport',
        data: {
          id: 4,
          owner_id: 2,
          owners: [5, 2],
          type: 'Report',
          name: ' Weekly delays ',
          crontab: '0 9 * * 1',
          creation_method: 'dashboards',
          dashboard_id: 7,
          recipients: [{ type: 'Email', to: ['ops@example.com'], cc: [], bcc: [] }],
        },
      })
      .then([created({ ...dashboardReport, timezone: 'UTC', owners: [2, 5] })]);
  });

  it('an alert keeps its database, SQL and validator', () => {
    spec
      .given([])
      .when(createCommand(delayAlert))
      .then([created(delayAlert)]);
  });

  it('a stream holds one schedule', () => {
    spec
      .given([created(dashboardReport)])
      .when(createCommand(dashboardReport))
      .thenThrows('report_exists');
  });

  it.each([
    ['name', { name: '  ' }],
    ['name', { name: 'x'.repeat(151) }],
    ['crontab', { crontab: '0 9 * *' }],
    ['crontab', { crontab: '0 9 * * 1 2026' }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['type', { type: 'Digest' as never }],
    ['creation_method', { creation_method: 'email' as never }],
    ['chart_id', { chart_id: 3 }],
    ['chart_id', { dashboard_id: null }],
    ['dashboard_id', { dashboard_id: -1 }],
    ['report_format', { report_format: 'CSV' }],
    ['report_format', { report_format: 'DOCX' as never }],
    ['recipients', { recipients: [] }],
    ['recipients', { recipients: [{ type: 'Email', to: ['not-an-address'], cc: [], bcc: [] }] }],
    ['recipients', { recipients: [{ type: 'Email', to: [], cc: ['a@example.com'], bcc: [] }] }],
    ['recipients', { recipients: [{ type: 'Email', to: ['a@example.com'], cc: ['a@b'], bcc: [] }] }],
    ['recipients', { recipients: [{ type: 'Email', to: ['a@example.com'], cc: [], bcc: ['x y@example.com'] }] }],
    ['recipients', { recipients: [{ type: 'Webhook', url: 'ftp://hooks.example.com/x' }] }],
    ['recipients', { recipients: [{ type: 'Webhook', url: 'not a url' }] }],
    ['recipients', { recipients: [{ type: 'Slack', channel: 'C1' } as never] }],
    ['working_timeout', { working_timeout: 0 }],
    ['grace_period', { grace_period: 1.5 }],
    ['log_retention', { log_retention: 0 }],
    ['custom_width', { custom_width: 599 }],
    ['custom_height', { custom_height: 2401 }],
    ['database_id', { database_id: 1 }],
    ['sql', { sql: 'SELECT 1' }],
    ['validator', { validator: { type: 'not null' } }],
  ] as const)('refuses a report with a bad %s', (field, over) => {
    expect(refusedField([], createCommand(dashboardReport, over as never))).toBe(field);
  });

  it.each([
    ['database_id', { database_id: null }],
    ['sql', { sql: ' ' }],
    ['validator', { validator: null }],
    ['validator', { validator: { type: 'operator', op: '=>', threshold: 1 } as never }],
    ['validator', { validator: { type: 'operator', op: '>', threshold: Number.NaN } }],
  ] as const)('refuses an alert with a bad %s', (field, over) => {
    expect(refusedField([], createCommand(delayAlert, over as never))).toBe(field);
  });

  it('CSV, XLSX and TEXT are for a chart; a chart made from the chart menu needs its chart', () => {
    const chartReport = { ...dashboardReport, creation_method: 'charts' as const, chart_id: 3, dashboard_id: null };
    for (const report_format of ['CSV', 'XLSX', 'TEXT', 'PDF'] as const)
      spec
        .given([])
        .when(createCommand(chartReport, { report_format }))
        .then([created({ ...chartReport, report_format })]);
    expect(refusedField([], createCommand(chartReport, { chart_id: null, dashboard_id: 7 }))).toBe('chart_id');
  });

  it('a dashboard’s view (tabs, anchor, filter values) applies only to a dashboard', () => {
    const dashboard_view = {
      activeTabs: ['TAB-1'],
      anchor: 'CHART-9',
      nativeFilters: [
        { nativeFilterId: 'NATIVE_FILTER-1', filterType: 'filter_select', columnName: 'origin', filterValues: ['JFK'] },
      ],
    };
    spec
      .given([])
      .when(createCommand(dashboardReport, { dashboard_view }))
      .then([created({ ...dashboardReport, dashboard_view })]);
    const onChart = { creation_method: 'charts' as const, chart_id: 3, dashboard_id: null, dashboard_view };
    expect(refusedField([], createCommand(dashboardReport, onChart))).toBe('dashboard_view');
    const badFilters = { ...dashboard_view, nativeFilters: [{ filterValues: 'JFK' }] } as never;
    expect(refusedField([], createCommand(dashboardReport, { dashboard_view: badFilters }))).toBe('dashboard_view');
  });

  it('addresses and webhook URLs are trimmed; a webhook is http or https', () => {
    const recipients = [
      { type: 'Email' as const, to: ['a@example.com', 'b@example.org'], cc: ['c@example.com'], bcc: [] },
      { type: 'Webhook' as const, url: ' https://hooks.example.com:8443/report?x=1 ' },
    ];
    spec
      .given([])
      .when(createCommand(dashboardReport, { recipients }))
      .then([
        created({
          ...dashboardReport,
          recipients: [recipients[0]!, { type: 'Webhook', url: 'https://hooks.example.com:8443/report?x=1' }],
        }),
      ]);
  });
});

describe('report decider: a save is one event per changed intent', () => {
  const given = [created(dashboardReport)];

  it('each changed field gives its intent event, in the form’s order; nothing else', () => {
    spec
      .given(given)
      .when(
        update({
          ...dashboardReport,
          name: 'Monday delays',
          description: 'For the ops team',
          crontab: '0 8 * * 1',
          report_format: 'PDF',
          recipients: [{ type: 'Webhook', url: 'https://hooks.example.com/r' }],
          owners: [2, 9],
          working_timeout: 600,
          grace_period: 3600,
          log_retention: 30,
          custom_width: 1600,
          force_screenshot: true,
          active: false,
        }),
      )
      .then([
        { type: 'report/reportRenamed', data: { name: 'Monday delays' } },
        { type: 'report/reportDescribed', data: { description: 'For the ops team' } },
        { type: 'report/scheduleChanged', data: { crontab: '0 8 * * 1', timezone: 'Europe/Paris' } },
        { type: 'report/formatChanged', data: { report_format: 'PDF' } },
        {
          type: 'report/recipientsChanged',
          data: { recipients: [{ type: 'Webhook', url: 'https://hooks.example.com/r' }] },
        },
        { type: 'report/ownersChanged', data: { owners: [2, 9] } },
        { type: 'report/workingTimeoutChanged', data: { working_timeout: 600 } },
        { type: 'report/gracePeriodChanged', data: { grace_period: 3600 } },
        { type: 'report/logRetentionChanged', data: { log_retention: 30 } },
        { type: 'report/screenshotSizeChanged', data: { custom_width: 1600, custom_height: null } },
        { type: 'report/forceScreenshotEnabled', data: {} },
        { type: 'report/reportDeactivated', data: {} },
      ]);
  });

  it('the same body again is no event; owners in another order are the same owners', () => {
    spec.given(given).when(update(dashboardReport)).then([]);
    spec
      .given([created({ ...dashboardReport, owners: [2, 5] })])
      .when(update({ owners: [5, 2] }))
      .then([]);
  });

  it('fields read back from a store that reorders object keys (PostgreSQL jsonb) are no change', () => {
    const stored = created({
      ...dashboardReport,
      recipients: [{ cc: [], to: ['ops@example.com'], bcc: [], type: 'Email' } as never],
      dashboard_view: { nativeFilters: [], anchor: null, activeTabs: ['TAB-1'] },
    });
    spec
      .given([stored])
      .when(update({ dashboard_view: { activeTabs: ['TAB-1'], anchor: null, nativeFilters: [] } }))
      .then([]);
    spec
      .given([stored])
      .when(update({ active: false }))
      .then([{ type: 'report/reportDeactivated', data: {} }]);
  });

  it('{active} alone switches the schedule off and on', () => {
    spec
      .given(given)
      .when(update({ active: false }))
      .then([{ type: 'report/reportDeactivated', data: {} }]);
    spec
      .given([...given, { type: 'report/reportDeactivated', data: {} }])
      .when(update({ active: true }))
      .then([{ type: 'report/reportActivated', data: {} }]);
  });

  it('moving to a chart is one content change; the format rule holds against the saved content', () => {
    const fromList = [created({ ...dashboardReport, creation_method: 'alerts_reports' })];
    spec
      .given(fromList)
      .when(update({ chart_id: 3, dashboard_id: null, report_format: 'CSV' }))
      .then([
        { type: 'report/contentChanged', data: { chart_id: 3, dashboard_id: null } },
        { type: 'report/formatChanged', data: { report_format: 'CSV' } },
      ]);
    expect(refusedField(fromList, update({ report_format: 'XLSX' }))).toBe('report_format');
    expect(refusedField(fromList, update({ chart_id: 3 }))).toBe('chart_id');
    // Made from the dashboard's menu, it sends that dashboard.
    expect(refusedField(given, update({ chart_id: 3, dashboard_id: null }))).toBe('dashboard_id');
  });

  it('an alert’s query and condition change as intents', () => {
    spec
      .given([created(delayAlert)])
      .when(update({ sql: 'SELECT max(delay) FROM flights', validator: { type: 'not null' } }))
      .then([
        { type: 'report/alertQueryChanged', data: { database_id: 1, sql: 'SELECT max(delay) FROM flights' } },
        { type: 'report/alertConditionChanged', data: { validator: { type: 'not null' } } },
      ]);
  });

  it('a bad field is refused by name; the type and where it was made do not change', () => {
    expect(refusedField(given, update({ crontab: 'every monday' }))).toBe('crontab');
    expect(refusedField(given, update({ timezone: 'Europe/Atlantis' }))).toBe('timezone');
    expect(refusedField(given, update({ type: 'Alert' }))).toBe('type');
    expect(refusedField(given, update({ creation_method: 'charts' }))).toBe('creation_method');
  });

  it('a deleted schedule is not found', () => {
    const deleted: ReportEvent = { type: 'report/reportDeleted', data: {} };
    spec.given(given).when({ type: 'DeleteReport', data: {} }).then([deleted]);
    spec
      .given([...given, deleted])
      .when(update({ name: 'x' }))
      .thenThrows('report_not_found');
    spec
      .given([...given, deleted])
      .when({ type: 'DeleteReport', data: {} })
      .thenThrows('report_not_found');
    spec
      .given([])
      .when(update({ name: 'x' }))
      .thenThrows('report_not_found');
  });
});

describe('names are unique per type, kept by the server’s read model', () => {
  it('the key is the type and the trimmed name ignoring case; the refusal names the field', () => {
    expect(reportNameKey('Report', ' Weekly Delays ')).toBe(reportNameKey('Report', 'weekly delays'));
    expect(reportNameKey('Alert', 'Weekly delays')).not.toBe(reportNameKey('Report', 'Weekly delays'));
    const taken = reportNameTaken('Alert', 'Many delays');
    expect(taken).toBeInstanceOf(DomainError);
    expect(taken.field).toBe('name');
    expect(taken.message).toBe("name: An alert named 'Many delays' already exists.");
    expect(reportNameTaken('Report', 'Weekly').message).toBe("name: A report named 'Weekly' already exists.");
  });

  it('splitAddresses reads the API’s comma or semicolon separated targets', () => {
    expect(splitAddresses(' a@x.com, b@y.com;c@z.com ,, ')).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
    expect(splitAddresses(null)).toEqual([]);
  });
});
