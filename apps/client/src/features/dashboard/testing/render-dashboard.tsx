import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { FeatureFlags } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts } from '../../toasts/toasts.feature';
import type { UserLog } from '../../userlog/user-log';
import { createDashboard } from '../dashboard.feature';
import { DashboardPage } from '../DashboardPage';
import { dashboardPropertiesOf } from '../properties/dashboard-properties.feature';

/** An admin as GET /api/v1/me/ answers (charts-dashboards-reports §6: admins pass every check). */
export const ADMIN = {
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: '',
  is_active: true,
  roles: { Admin: [] },
  permissions: [],
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** The dashboard page at `path` against a test server, as the route renders it. */
export function renderDashboard(
  baseUrl: string,
  path: string,
  options: {
    featureFlags?: FeatureFlags;
    user?: typeof ADMIN | null;
    permalinkKey?: string;
    userLog?: Pick<UserLog, 'log'>;
  } = {},
) {
  const context = createTestContext();
  const toasts = createToasts(context);
  const errors = createErrors(context, toasts);
  const user = options.user === undefined ? ADMIN : options.user;
  const dashboard = createDashboard({
    context,
    http: new HttpClient({ baseUrl }),
    toasts,
    user: () => user,
    ...(options.featureFlags ? { featureFlags: options.featureFlags } : {}),
    ...(options.userLog ? { userLog: options.userLog } : {}),
  });
  const idOrSlug = options.permalinkKey ? null : (/^\/dashboard\/([^/]+)\//.exec(path)?.[1] ?? null);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardPage
        dashboard={dashboard}
        errors={errors}
        idOrSlug={idOrSlug}
        permalinkKey={options.permalinkKey ?? null}
        user={user}
        {...(options.featureFlags ? { featureFlags: options.featureFlags } : {})}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
  return {
    ...view,
    dashboard,
    toasts,
    errors,
    dispose() {
      view.unmount();
      dashboardPropertiesOf(dashboard).dispose();
      dashboard.dispose();
      toasts.dispose();
    },
  };
}
