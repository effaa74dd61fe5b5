/**
 * Issue 13 item 4, the replay page's player: step, scrub, play, pause and speed over a user's intents
 * read from the audit API (a real HTTP server here), SQL Lab and the dashboard shown as they were, the
 * server's refusal said, and nothing written: every request the page makes is a GET.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { decideDraft, emptyLayout, evolveDraft, GRID_ID, initialDraftState, type ReplayRow } from '@strata/domain';
import { envelopeBatch, type Envelope } from '@strata/events';
import type { TestServer } from '../../testing/test-server';
import {
  at,
  auditAnswer,
  BOB,
  replayRow as row,
  replayServer,
  startReplayBed,
  type ReplayBed,
} from './testing/replay-test-bed';

const tab = { type: 'sqllab_tab', id: 2, name: null };
const dashboard = { type: 'dashboard', id: 5, name: 'Sales' };
const fields = { database_id: 1, catalog: null, schema: 'public', query_limit: null, latest_query_id: null };
const more = { template_params: null, hide_left_bar: false, autorun: false, saved_query_id: null, extra_json: null };

// Bob's session: a tab, its SQL, then a markdown added to the dashboard in edit mode.
const ROWS: ReplayRow[] = [
  row(3, 'sqllab/tabStateCreated', { tab_id: 10, label: 'Bob query', sql: '', ...fields, ...more }, tab),
  row(4, 'sqllab/tabStateSqlEdited', { tab_id: 10, sql: 'SELECT origin FROM cars' }, tab),
  row(9, 'dashboard/componentCreated', {}, dashboard),
];

const start = {
  type: 'StartDraft' as const,
  actor: '2',
  data: { dashboardId: 5, version: 1, layout: emptyLayout(), at: at(8) },
};
const started = decideDraft(start, initialDraftState());
const markdown = decideDraft(
  {
    type: 'CreateComponent',
    actor: '2',
    data: { id: 'MARKDOWN-1', componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 0 }, rowId: 'ROW-1' },
  },
  started.reduce(evolveDraft, initialDraftState()),
);
const DRAFT: Envelope[] = [
  ...envelopeBatch(started, { actor: '2', at: at(8), batchId: 'b8' }, { stream: 'dashboard-draft:5', version: 1 }),
  ...envelopeBatch(
    markdown,
    { actor: '2', at: at(9), batchId: 'b9', undoable: true },
    { stream: 'dashboard-draft:5', version: 2 },
  ),
];

let server: TestServer;
let bed: ReplayBed;

function answer(url: URL) {
  if (url.pathname === '/api/v1/audit/') {
    const query = rison.decode(url.searchParams.get('q') ?? '()') as { actor?: number };
    if (query.actor !== BOB.id) {
      const message = 'You may only see your own activity.';
      return {
        status: 403,
        body: { message, errors: [{ message, error_type: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR', level: 'error' }] },
      };
    }
    return auditAnswer(url, ROWS);
  }
  if (url.pathname === '/api/v1/dashboard/5') {
    return {
      status: 200,
      body: {
        id: 5,
        result: {
          id: 5,
          dashboard_title: 'Sales',
          owners: [],
          position_json: null,
          json_metadata: null,
          published: true,
        },
      },
    };
  }
  if (url.pathname === '/api/v1/timetravel/events/')
    return { status: 200, body: { stream: 'dashboard-draft:5', version: 3, result: DRAFT } };
  return undefined;
}

beforeEach(async () => {
  server = await replayServer(answer);
  // The real dashboard page of a step needs the app's services and a router, as the app mounts it.
  bed = startReplayBed({ server });
});

afterEach(() => bed.stop());

const step = () => screen.getByTestId('replay-step');
/** The SQL in SQL Lab's editor (Ace) on the stage. */
const replayedSql = async () =>
  (
    (await within(screen.getByTestId('replay-sqllab')).findByTestId('sql-editor')) as HTMLElement & {
      env: { editor: { getValue(): string } };
    }
  ).env.editor.getValue();

async function openBob() {
  await bed.open();
  bed.render({ route: '/replay/' });
}

describe('replaying a session', () => {
  it('steps through the intents: the SQL as typed, then the dashboard layout as edited', async () => {
    await openBob();
    expect(screen.getByTestId('replay-banner')).toHaveTextContent('Replaying bob — read only');
    expect(step()).toHaveTextContent('Step 1 of 3');
    expect(within(screen.getByTestId('replay-sqllab')).getByText('Bob query')).toBeInTheDocument();
    expect(await replayedSql()).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(step()).toHaveTextContent('Step 2 of 3');
    expect(await replayedSql()).toBe('SELECT origin FROM cars');
    expect(screen.getByTestId('replay-sqllab')).toHaveTextContent('Run a query to see its results here');

    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(screen.getByTestId('replay-page')).toHaveTextContent('Dashboard · Sales');
    // The real dashboard page, drawing the shared draft: Bob's new markdown in the real grid.
    const grid = await screen.findByTestId('dashboard-grid');
    expect(screen.getByTestId('replay-dashboard')).toContainElement(grid);
    expect(grid.querySelector('.dashboard-markdown-holder#MARKDOWN-1')).not.toBeNull();
    expect(screen.getByTestId('past-draft')).toHaveTextContent('Edit mode, unsaved changes');
    expect(screen.getByRole('button', { name: 'Step forward' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(step()).toHaveTextContent('Step 2 of 3');
  });

  it('the timeline scrubs to any step; the speed picks how fast play moves on; play stops at the end', async () => {
    await openBob();
    fireEvent.change(screen.getByRole('slider', { name: 'Timeline' }), { target: { value: '2' } });
    expect(step()).toHaveTextContent('Step 3 of 3');
    fireEvent.change(screen.getByRole('slider', { name: 'Timeline' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Speed' }), { target: { value: '4' } });
    expect(bed.replay.store.getState().speed).toBe(4);

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(step()).toHaveTextContent('Step 3 of 3'));
    await screen.findByRole('button', { name: 'Play' });
    const types = bed.replay.store.store.log.entries.map((e) => e.type);
    expect(types.filter((t) => t === 'replay/advanced')).toHaveLength(2);
    expect(types.at(-1)).toBe('replay/ended');
  });

  it('pause holds the step', async () => {
    await openBob();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(bed.replay.store.getState().playing).toBe(false);
    expect(step()).toHaveTextContent('Step 1 of 3');
  });

  it('nothing is written: every request is a GET, and input in the replayed page is stopped', async () => {
    await openBob();
    const sqllab = screen.getByTestId('replay-sqllab');
    fireEvent.click(within(sqllab).getByText('Bob query'));
    fireEvent.doubleClick(within(sqllab).getByText('Bob query'));
    expect(await screen.findByRole('alert')).toHaveTextContent('nothing here can be changed');
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    await screen.findByTestId('dashboard-grid');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("another user's session is refused by the server, and the page says so", async () => {
    await bed.open({ userId: 1 });
    bed.render({ route: '/replay/' });
    expect(screen.getByTestId('replay-refused')).toHaveTextContent('You may only see your own activity.');
    expect(screen.queryByTestId('replay-banner')).toBeNull();
  });
});
