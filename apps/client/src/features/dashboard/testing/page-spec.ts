import { dashboardTestApi } from './dashboard-test-api';
import { renderDashboard } from './render-dashboard';

type Page = ReturnType<typeof renderDashboard>;

/**
 * The dashboard page specs' harness: a fresh test API server before each test and the page rendered
 * by `render`, both stopped after it. Charts draw in jsdom on a shared 2-core machine: the waits of
 * test/setup.ts and jest.config.cjs give the page time.
 */
export function dashboardPageSpec() {
  const spec = {
    api: undefined as unknown as ReturnType<typeof dashboardTestApi>,
    page: null as Page | null,
    render(path: string, options?: Parameters<typeof renderDashboard>[2]): Page {
      spec.page = renderDashboard(spec.api.server.baseUrl, path, options);
      return spec.page;
    },
    disposePage() {
      spec.page?.dispose();
      spec.page = null;
    },
  };
  beforeEach(async () => {
    spec.api = dashboardTestApi();
    await spec.api.server.start();
  });
  afterEach(async () => {
    spec.disposePage();
    await spec.api.server.stop();
  });
  return spec;
}
