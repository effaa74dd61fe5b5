/**
 * Edit mode for jsdom specs: a draft socket server and the REST side on real loopback ports, and one
 * editor per user rendered in its own part of the document, over its own socket.
 */
import { render, within } from '@testing-library/react';
import type { Layout } from '@strata/domain';
import { createTestContext } from '../../../../shared/test-context';
import { TestServer } from '../../../../testing/test-server';
import { HttpClient } from '../../../api/http-client';
import { createToasts, type ToastsFeature } from '../../../toasts/toasts.feature';
import { createDashboard } from '../../dashboard.feature';
import { ADMIN } from '../../testing/render-dashboard';
import { dashboardTestApi } from '../../testing/dashboard-test-api';
import { socketDraftTransport } from '../draft-transport';
import { EditMode, type EditModeProps } from '../EditMode';
import { draftHttpHandler } from './draft-http';
import { startDraftSocketServer, type DraftSocketServer } from './draft-socket-server';

export const USERS = { '1': 'alice', '2': 'bob' };
export const CHARTS = [
  { id: 11, slice_name: 'Bar of sales', viz_type: 'echarts_timeseries_bar' },
  { id: 12, slice_name: 'Pie of regions', viz_type: 'pie' },
];

export const toastTexts = (toasts: ToastsFeature) =>
  toasts.store.getState().toasts.map((t: { text: string }) => t.text);

/** Registers its own afterEach: every editor is unmounted and both servers stop after each test. */
export function editHarness() {
  const h = {
    drafts: null as unknown as DraftSocketServer,
    http: null as unknown as TestServer,
    dashboards: null as unknown as ReturnType<typeof dashboardTestApi>,
    cleanups: [] as (() => void)[],
    /** The app's HTTP client as user `userId` (the harness reads the caller from a header). */
    httpAs(userId: string) {
      return new HttpClient({
        baseUrl: h.http.baseUrl,
        fetch: (input, init) =>
          fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-test-user': userId } }),
      });
    },
    async start(layouts: Record<number, Layout>) {
      h.drafts = await startDraftSocketServer({ layouts, usernames: USERS });
      h.dashboards = dashboardTestApi();
      const rest = draftHttpHandler(h.drafts, { charts: CHARTS, usernames: USERS });
      h.http = await new TestServer((request) => rest(request) ?? h.dashboards.handle(request)).start();
    },
    /** One editor's edit mode in its own part of the document. */
    editor(userId: '1' | '2', props: Partial<EditModeProps> = {}) {
      const context = {
        ...createTestContext(userId),
        sessionId: `tab-${userId}`,
        newId: (
          (n = 0) =>
          () =>
            `${USERS[userId]}-${++n}`
        )(),
      };
      const toasts = createToasts(context);
      const http = h.httpAs(userId);
      // The page edit mode belongs to: its save, history and palette are facts of this page's log.
      const dashboard = createDashboard({ context, http, toasts, user: () => ({ ...ADMIN, id: Number(userId) }) });
      const exits: boolean[] = [];
      const host = document.createElement('section');
      document.body.appendChild(host);
      const view = render(
        <EditMode
          dashboardId={7}
          dashboard={dashboard}
          http={http}
          context={context}
          notices={toasts}
          openTransport={() => socketDraftTransport({ url: h.drafts.url, sessionId: context.sessionId, token: userId })}
          escapeMarkdown={false}
          gridWidth={900}
          onExit={(changed) => exits.push(changed)}
          {...props}
        />,
        { container: host },
      );
      h.cleanups.push(() => {
        view.unmount();
        dashboard.dispose();
        toasts.dispose();
        host.remove();
      });
      const ui = within(host);
      return { ui, toasts, exits, host, dashboard, grid: () => within(ui.getByTestId('edit-grid')) };
    },
  };
  afterEach(async () => {
    h.cleanups.splice(0).forEach((c) => c());
    // Edits left unacknowledged are kept in localStorage for the next page load, not for the next test.
    localStorage.clear();
    await h.drafts?.close();
    await h.http?.stop();
  });
  return h;
}
