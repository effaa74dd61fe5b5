import type { Page } from 'playwright-core';
import type { Stage } from './stage';
import type { JsonApi } from './support';

// The setup the dashboard co-editing specs share: users, a dashboard they own, a chart, edit mode.

/** A user as POST /api/v1/security/users takes one. */
export interface NewUser {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  roles: string[];
}

/** A Gamma user called `name` (first name too): they may edit the dashboards they own. */
export const gammaUser = (name: string, password: string): NewUser => ({
  username: name,
  password,
  first_name: name,
  last_name: 'Editor',
  roles: ['Gamma'],
});

/** The second editor of most co-editing specs. */
export const BOB: NewUser = { ...gammaUser('bob', 'bob-e2e-password'), first_name: 'Bob' };

/** POSTs as the admin what must be created (201); the new id. */
async function create(api: JsonApi, adminToken: string, path: string, body: object): Promise<number> {
  const created = await api.call<{ id: number }>('POST', path, adminToken, body);
  expect(created.status).toBe(201);
  return created.body.id;
}

export const createUser = (api: JsonApi, adminToken: string, user: NewUser) =>
  create(api, adminToken, '/api/v1/security/users', user);

export const createDashboard = (
  api: JsonApi,
  adminToken: string,
  dashboard: { dashboard_title: string; owners: number[]; published?: boolean },
) => create(api, adminToken, '/api/v1/dashboard/', dashboard);

/**
 * Creates a table chart of the example cars table, counted by origin (on `dashboards` and owned by `owners`
 * if given); its id.
 */
export async function createCarsChart(
  api: JsonApi,
  adminToken: string,
  chart: { slice_name: string; dashboards?: number[]; owners?: number[] },
): Promise<number> {
  const carsId = await api.datasetId(adminToken, 'cars');
  return create(api, adminToken, '/api/v1/chart/', {
    slice_name: chart.slice_name,
    viz_type: 'table',
    datasource_id: carsId,
    datasource_type: 'table',
    ...(chart.dashboards ? { dashboards: chart.dashboards } : {}),
    ...(chart.owners ? { owners: chart.owners } : {}),
    params: JSON.stringify({
      viz_type: 'table',
      datasource: `${carsId}__table`,
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: ['count'],
      adhoc_filters: [],
      row_limit: 100,
      time_range: 'No filter',
    }),
  });
}

/**
 * The admin (as alice) and Bob signed in, and a new dashboard Bob owns: both may edit it, the admin by role,
 * Bob as an owner with can_write on Dashboard (charts-dashboards-reports §6).
 */
export async function aliceAndBob(stage: Stage, title: string) {
  const bobId = await createUser(stage.api, stage.adminToken, BOB);
  const dashboardId = await createDashboard(stage.api, stage.adminToken, { dashboard_title: title, owners: [bobId] });
  const alice = await stage.signIn('admin', stage.server.adminPassword);
  const bob = await stage.signIn('bob', BOB.password);
  return { dashboardId, alice, bob };
}

export const editUrl = (baseUrl: string, dashboardId: number) => `${baseUrl}/dashboard/${dashboardId}/?edit=true`;

/** The grid of edit mode: there once the page has joined the draft. */
export const editGrid = (page: Page) => page.getByTestId('edit-grid');

/** The pages open the dashboard in edit mode one after the other, then each waits for its grid. */
export async function openEditMode(baseUrl: string, dashboardId: number, ...pages: Page[]): Promise<void> {
  for (const page of pages) await page.goto(editUrl(baseUrl, dashboardId));
  for (const page of pages) await editGrid(page).waitFor();
}
