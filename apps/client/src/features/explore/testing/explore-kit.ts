import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createErrors, type ErrorsFeature } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { createExplore, type ExploreFeature } from '../explore.feature';
import { exploreTestApi } from './explore-test-api';

/**
 * The set-up every Explore client spec shares: the scripted chart API on a real HTTP server, toasts,
 * errors and an Explore feature speaking to it as a user (the page at an address: explore-page-kit.tsx).
 * A spec keeps its own `let api, toasts, explore` and assigns them in `beforeEach` from `startExplore`.
 */

/** A user who may write charts. */
export const ALPHA = { id: 1, username: 'alpha', roles: { Alpha: [['can_write', 'Chart']] } };
/** A user who may also download CSV and write dashboards (Save to a new dashboard, Download). */
export const ALPHA_CSV_DASHBOARDS = {
  id: 1,
  username: 'alpha',
  roles: {
    Alpha: [
      ['can_write', 'Chart'],
      ['can_csv', 'Superset'],
      ['can_write', 'Dashboard'],
    ],
  },
};
/** An adhoc SIMPLE metric: the average horsepower of the cars. */
export const AVG_HP = {
  expressionType: 'SIMPLE',
  column: { column_name: 'horsepower' },
  aggregate: 'AVG',
  label: 'AVG(horsepower)',
  optionName: 'm1',
};

export type ExploreTestApi = ReturnType<typeof exploreTestApi>;
export interface ExploreKit {
  api: ExploreTestApi;
  toasts: ToastsFeature;
  errors: ErrorsFeature;
  explore: ExploreFeature;
}

/** Starts the test API (with `api` answers first, as exploreTestApi's `more`) and an Explore on it. */
export async function startExplore({
  user = () => ALPHA,
  api: apiOptions,
}: {
  /** Read at each call, so a spec may change the user between steps. */
  user?: () => unknown;
  api?: Parameters<typeof exploreTestApi>[0];
} = {}): Promise<ExploreKit> {
  const api = await exploreTestApi(apiOptions).start();
  const context = createTestContext('1');
  const toasts = createToasts(context);
  const errors = createErrors(context, toasts);
  const explore = createExplore({
    context,
    http: new HttpClient({ baseUrl: api.baseUrl }),
    toasts,
    errors,
    user: () => user() as never,
  });
  return { api, toasts, errors, explore };
}

export async function stopExplore({ explore, toasts, api }: Pick<ExploreKit, 'api' | 'toasts' | 'explore'>) {
  explore.dispose();
  toasts.dispose();
  await api.stop();
}
