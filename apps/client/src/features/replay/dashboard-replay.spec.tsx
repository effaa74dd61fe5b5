/**
 * Issue 13 item 4, a dashboard step of the replay: the real dashboard page (title bar, filter bar, grid
 * with the real chart components) as the user saw it at the step, from a real HTTP server: edit mode's
 * unsaved draft of then (a just-added markdown with its text) marked as such, the saved layout once it
 * was saved, the filter values of the address the user opened; no chart data request, no write, nothing
 * logged.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { Subject } from 'rxjs';
import {
  decideDraft,
  evolveDraft,
  initialDraftState,
  type DraftCommand,
  type DraftEvent,
  type ReplayRow,
  type UserLogBody,
} from '@strata/domain';
import { envelopeBatch, type Envelope } from '@strata/events';
import type { AppServices } from '../../app/services';
import type { TestServer } from '../../testing/test-server';
import { dashboardFor } from '../dashboard/DashboardRoute';
import { dashboardTestApi, pieChart, type TestDashboard } from '../dashboard/testing/dashboard-test-api';
import { originFilter, sampleDashboard } from '../dashboard/testing/layouts';
import { readLayout } from '../dashboard/grid/layout';
import {
  at,
  auditAnswer,
  replayRow as row,
  replayServer,
  startReplayBed,
  type ReplayBed,
} from './testing/replay-test-bed';

const cars = { type: 'dashboard', id: 7, name: 'Cars' };
const NOTES = 'Bob was here';
const japan = rison.encode({ 'NATIVE_FILTER-origin': { filterState: { value: ['Japan'] } } });

// Bob opens the dashboard with a filter value in the address, adds a markdown in edit mode, then saves.
const ROWS: ReplayRow[] = [
  row(
    5,
    'platform/userEventLogged',
    { event: { event_name: 'spa_navigation', path: `/dashboard/7/?native_filters=${japan}` } },
    null,
  ),
  row(9, 'dashboard/componentCreated', {}, cars),
  row(12, 'dashboard/layoutPublished', {}, cars),
];

/** The saved dashboard of then: one row with a pie, the origin filter. */
const saved = (overrides: Partial<TestDashboard> = {}): TestDashboard =>
  sampleDashboard({
    dashboard_title: 'Cars then',
    charts: [pieChart(1, 'Origins then')],
    json_metadata: { native_filter_configuration: [originFilter()] },
    position_json: {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-old'], parents: ['ROOT_ID'], meta: {} },
      'ROW-old': { id: 'ROW-old', type: 'ROW', children: ['CHART-old'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
      'CHART-old': {
        id: 'CHART-old',
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-old'],
        meta: { chartId: 1, width: 6, height: 50, sliceName: 'Origins then' },
      },
    },
    ...overrides,
  });

/** The shared draft's stream: started at 8 s, Bob's markdown with its text at 9 s, saved at 11 s. */
function draftStream(): Envelope[] {
  const commands: [number, DraftCommand][] = [
    [
      8,
      {
        type: 'StartDraft',
        actor: '2',
        data: { dashboardId: 7, version: 1, layout: readLayout(saved().position_json).layout, at: at(8) },
      },
    ],
    [
      9,
      {
        type: 'CreateComponent',
        actor: '2',
        data: {
          id: 'MARKDOWN-bob',
          componentType: 'MARKDOWN',
          destination: { parentId: 'GRID_ID', index: 0 },
          rowId: 'ROW-bob',
          meta: { code: `## ${NOTES}` },
        },
      } as DraftCommand,
    ],
    [11, { type: 'SaveDraft', actor: '2', data: { at: at(11) } }],
  ];
  let state = initialDraftState();
  const envelopes: Envelope[] = [];
  for (const [s, command] of commands) {
    const events: DraftEvent[] = decideDraft(command, state);
    state = events.reduce(evolveDraft, state);
    envelopes.push(
      ...envelopeBatch(
        events,
        { actor: '2', at: at(s), batchId: `b${s}` },
        { stream: 'dashboard-draft:7', version: envelopes.length + 1 },
      ),
    );
  }
  return envelopes;
}

// Rows a test adds to Bob's (after the others).
const extraRows: ReplayRow[] = [];

let api: ReturnType<typeof dashboardTestApi>;
let server: TestServer;
let bed: ReplayBed;
let services: AppServices;
const logged: UserLogBody[] = [];
const pageHide = new Subject<void>();

beforeEach(async () => {
  api = dashboardTestApi();
  api.dashboards.push(sampleDashboard());
  api.past.set('9', [saved()]);
  // Once saved: the markdown is in the saved layout, under the title of then.
  const published = saved().position_json as Record<string, unknown>;
  api.past.set('12', [
    saved({
      dashboard_title: 'Cars saved',
      position_json: {
        ...published,
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-bob', 'ROW-old'], parents: ['ROOT_ID'], meta: {} },
        'ROW-bob': {
          id: 'ROW-bob',
          type: 'ROW',
          children: ['MARKDOWN-bob'],
          parents: ['ROOT_ID', 'GRID_ID'],
          meta: {},
        },
        'MARKDOWN-bob': {
          id: 'MARKDOWN-bob',
          type: 'MARKDOWN',
          children: [],
          parents: ['ROOT_ID', 'GRID_ID', 'ROW-bob'],
          meta: { width: 4, height: 50, code: `## ${NOTES}` },
        },
      },
    }),
  ]);
  const draft = draftStream();
  server = await replayServer((url, request) => {
    const audit = auditAnswer(url, [...ROWS, ...extraRows]);
    if (audit) return audit;
    if (url.pathname === '/api/v1/timetravel/events/')
      return { status: 200, body: { stream: 'dashboard-draft:7', version: draft.length, result: draft } };
    return api.handle(request);
  });
  logged.length = 0;
  extraRows.length = 0;
  bed = startReplayBed({
    server,
    services: {
      pageHide$: pageHide,
      userLogTransport: {
        post: async (_path, body) => void logged.push(body),
        beacon: (_path, body) => logged.push(body) > 0,
      },
    },
  });
  services = bed.services!;
});

afterEach(() => bed.stop());

async function openBob() {
  await bed.open();
  bed.render();
}

const forward = () => fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));

describe('a dashboard step of the replay', () => {
  it("draws the real page with edit mode's unsaved draft of then: the new markdown with its text", async () => {
    await openBob();
    forward();
    const stage = screen.getByTestId('replay-stage');
    expect(await within(stage).findByRole('heading', { level: 1, name: 'Cars then' })).toBeInTheDocument();
    // The real grid, with the real chart component of then and Bob's markdown from the draft.
    const grid = within(stage).getByTestId('dashboard-grid');
    expect(within(grid).getByRole('figure', { name: 'Origins then' })).toBeInTheDocument();
    expect(within(grid).getByRole('heading', { level: 2, name: NOTES })).toBeInTheDocument();
    expect(within(stage).getByTestId('past-draft')).toHaveTextContent('Edit mode, unsaved changes');
    expect(within(stage).getByRole('region', { name: 'As it was' })).toHaveTextContent('As it was at log position 9');
    // The filter value of the address Bob opened, said as such.
    expect(within(stage).getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
    expect(dashboardFor(services).store.getState().dataMask['NATIVE_FILTER-origin']?.filterState?.value).toEqual([
      'Japan',
    ]);
    expect(screen.getByTestId('replay-filters-note')).toHaveTextContent('the values of the address bob opened');
    // No query ran: the chart says its results are not kept.
    const chart = within(grid).getByRole('figure', { name: 'Origins then' });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'failed'));
    expect(within(chart).getByRole('alert')).toHaveTextContent('Results are not kept');
    // Read-only, no live edit mode.
    expect(within(stage).queryByRole('button', { name: 'Edit dashboard' })).toBeNull();
    expect(dashboardFor(services).store.getState().pastView).toEqual({
      asOf: '9',
      queries: false,
      unsavedDraft: true,
    });
  });

  it('the next step loads the page at its own position: the saved layout, no draft mark', async () => {
    await openBob();
    forward();
    const stage = screen.getByTestId('replay-stage');
    await within(stage).findByTestId('past-draft');
    forward();
    expect(await within(stage).findByRole('heading', { level: 1, name: 'Cars saved' })).toBeInTheDocument();
    expect(within(stage).getByRole('region', { name: 'As it was' })).toHaveTextContent('As it was at log position 12');
    expect(within(stage).queryByTestId('past-draft')).toBeNull();
    expect(within(stage).getByRole('heading', { level: 2, name: NOTES })).toBeInTheDocument();
  });

  it('never shows the page of the step before under the next step while that one loads', async () => {
    await openBob();
    forward();
    const stage = screen.getByTestId('replay-stage');
    await within(stage).findByTestId('past-draft');
    // Every title the stage shows, with the step it is shown under.
    const shown = new Set<string>();
    const observer = new MutationObserver(() => {
      const title = stage.querySelector('h1')?.textContent;
      const step = /log position (\d+)/.exec(screen.getByTestId('replay-step').textContent ?? '')?.[1];
      if (title) shown.add(`${step}: ${title}`);
    });
    observer.observe(stage, { subtree: true, childList: true, characterData: true });
    forward();
    await within(stage).findByRole('heading', { level: 1, name: 'Cars saved' });
    observer.disconnect();
    expect([...shown].filter((s) => s.startsWith('12:'))).toEqual(['12: Cars saved']);
  });

  it('a step after Bob chose a filter value in the bar shows that value (the filter state the page kept, issue 16)', async () => {
    const usa = {
      'NATIVE_FILTER-origin': { filterState: { value: ['USA'] }, extraFormData: {} },
      // Bob's click on the pie (chart 1): a cross-filter, kept too.
      '1': {
        id: '1',
        extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['USA'] }] },
        filterState: { value: ['USA'], label: 'USA' },
      },
    };
    extraRows.push(
      row(14, 'dashboard/filterStateChanged', { key: 'k'.repeat(32), dashboardId: 7, state: { dataMask: usa } }, cars),
    );
    api.past.set('14', api.past.get('12')!);
    await openBob();
    const stage = screen.getByTestId('replay-stage');
    forward();
    await within(stage).findByTestId('past-draft');
    // Before the choice: the address's value.
    expect(screen.getByTestId('replay-filters-note')).toHaveTextContent('the values of the address bob opened');
    forward();
    await waitFor(() =>
      expect(within(stage).getByRole('region', { name: 'As it was' })).toHaveTextContent(
        'As it was at log position 12',
      ),
    );
    forward();
    await waitFor(() =>
      expect(within(stage).getByRole('region', { name: 'As it was' })).toHaveTextContent(
        'As it was at log position 14',
      ),
    );
    await waitFor(() =>
      expect(dashboardFor(services).store.getState().dataMask['NATIVE_FILTER-origin']?.filterState?.value).toEqual([
        'USA',
      ]),
    );
    expect(dashboardFor(services).store.getState().dataMask['1']?.extraFormData?.filters).toEqual([
      { col: 'origin', op: 'IN', val: ['USA'] },
    ]);
    expect(screen.getByTestId('replay-filters-note')).toHaveTextContent('Filters: the values bob had applied then.');
    expect(screen.getByTestId('replay-filters-note')).not.toHaveTextContent('not in the log');
  });

  it('says so when the dashboard did not exist at the step', async () => {
    api.past.delete('9');
    await openBob();
    forward();
    const alert = await within(screen.getByTestId('replay-stage')).findByRole('alert');
    expect(alert).toHaveTextContent('This dashboard did not exist at log position 9.');
  });

  it('sends nothing: only GETs leave, no chart data is asked for, nothing is logged', async () => {
    await openBob();
    forward();
    const stage = screen.getByTestId('replay-stage');
    const chart = await within(stage).findByRole('figure', { name: 'Origins then' });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'failed'));
    fireEvent.click(within(stage).getByRole('heading', { level: 1, name: 'Cars then' }));
    expect(await screen.findByText('This is a replay: nothing here can be changed.')).toBeInTheDocument();
    forward();
    await within(stage).findByRole('heading', { level: 1, name: 'Cars saved' });
    expect(api.chartData).toEqual([]);
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(server.requests.some((r) => r.url.startsWith('/api/v1/chart/data'))).toBe(false);
    // Whatever the user log still holds leaves on page hide: nothing.
    pageHide.next();
    expect(logged.flatMap((body) => body.events)).toEqual([]);
  });
});
