import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COLOR_SCHEMES, SUPERSET_COLORS } from '../../charts/viz/shared/color-schemes';
import { rendered, sliceColors, withoutUsa } from '../testing/drawn-charts';
import { ADMIN } from '../testing/render-dashboard';
import { pieChart } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { dashboardPageSpec } from '../testing/page-spec';

const spec = dashboardPageSpec();

/** A Gamma user who may read dashboards but owns none of them. */
const VIEWER = {
  ...ADMIN,
  id: 5,
  username: 'viewer',
  roles: { Gamma: [['can_read', 'Dashboard']] },
} as unknown as typeof ADMIN;

const management = () => spec.api.management;
const toasts = () => spec.page!.toasts.store.getState().toasts;
const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((i) => i.textContent);

/** The chosen owners, by name, and the users the owners search offers. */
const ownerNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Owners' }))
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);
const matchNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('button', { name: /^Add / })
    .map((b) => b.textContent);

async function openAction(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Dashboard actions' }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
}

describe('dashboard title bar: publish toggle (charts-dashboards-reports §4, §6)', () => {
  it('an owner toggles Published / Draft with PUT {published}', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    fireEvent.click(await screen.findByRole('button', { name: 'Published' }));
    expect(await screen.findByRole('button', { name: 'Draft' })).toBeInTheDocument();
    expect(management().saves).toEqual([{ published: false }]);
    expect(spec.api.dashboards[0]!.published).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Draft' }));
    expect(await screen.findByRole('button', { name: 'Published' })).toBeInTheDocument();
    expect(management().saves.at(-1)).toEqual({ published: true });
  });

  it('a refused publish tells the spec message as a danger toast and keeps the badge', async () => {
    spec.api.dashboards.push(sampleDashboard());
    management().control.forbidden = true;
    spec.render('/dashboard/7/');
    fireEvent.click(await screen.findByRole('button', { name: 'Published' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        expect.objectContaining({ toastType: 'danger', text: 'You do not have permissions to edit this dashboard.' }),
      ]),
    );
    expect(screen.getByRole('button', { name: 'Published' })).toBeInTheDocument();
  });

  it('viewers see the badge as a label, and only what they may do in the menu', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/', { user: VIEWER });
    await screen.findByRole('heading', { level: 1, name: 'Cars overview' });
    expect(screen.queryByRole('button', { name: 'Published' })).not.toBeInTheDocument();
    expect(screen.getByText('Published')).toHaveClass('badge');
    fireEvent.click(screen.getByRole('button', { name: 'Dashboard actions' }));
    expect(menuItems()).toEqual(['Download as image']);
    spec.disposePage();

    spec.render('/dashboard/7/');
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard actions' }));
    expect(menuItems()).toEqual(['Edit properties', 'Edit CSS', 'Save as', 'Download as image', 'Delete']);
  });
});

describe('dashboard title bar: edit properties (charts-dashboards-reports §5 save body)', () => {
  it('saves through the domain rules: untitled title, empty slug null, details only with a certifier, the version read', async () => {
    spec.api.dashboards.push(sampleDashboard({ certified_by: 'Data team', certification_details: 'Weekly' }));
    spec.render('/dashboard/7/');
    await openAction('Edit properties');
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard properties' });
    const field = (name: string) => within(dialog).getByLabelText(name);
    expect(field('Title')).toHaveValue('Cars overview');
    expect(field('Certified by')).toHaveValue('Data team');
    // The current owner by name; the other active users are offered by the owners search.
    expect(ownerNames(dialog)).toEqual(['Ada Admin']);
    await waitFor(() => expect(matchNames(dialog)).toEqual(['Bob Gamma', 'Cy Alpha']));
    expect(screen.queryByLabelText('Roles')).not.toBeInTheDocument();

    fireEvent.change(field('Title'), { target: { value: '   ' } });
    fireEvent.change(field('URL slug'), { target: { value: '' } });
    fireEvent.change(field('Certified by'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bob Gamma' }));
    expect(ownerNames(dialog)).toEqual(['Ada Admin', 'Bob Gamma']);

    // The Advanced field must be a JSON object before Save is offered.
    fireEvent.change(field('JSON metadata'), { target: { value: '{"color_scheme": ' } });
    expect(within(dialog).getByText(/JSON metadata is not valid JSON/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(field('JSON metadata'), { target: { value: '{"color_scheme": "bnbColors"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [body] = management().saves;
    expect(body).toEqual({
      dashboard_title: '[ untitled dashboard ]',
      slug: null,
      css: '',
      owners: [1, 2],
      certified_by: null,
      json_metadata: expect.any(String),
      version: 1,
    });
    // A scheme set in the Advanced field is a new scheme too: the label colours start over in it.
    expect(JSON.parse(String(body!.json_metadata))).toEqual({
      color_scheme: 'bnbColors',
      refresh_frequency: 0,
      map_label_colors: {},
      color_scheme_domain: COLOR_SCHEMES.bnbColors,
    });
    expect(screen.getByRole('heading', { level: 1, name: '[ untitled dashboard ]' })).toBeInTheDocument();
    expect(spec.page!.dashboard.store.getState().dashboard).toMatchObject({
      version: 2,
      owners: [{ id: 1 }, { id: 2 }],
      certified_by: null,
    });
  });

  it('a Forbidden save shows the spec message and changes nothing', async () => {
    spec.api.dashboards.push(sampleDashboard());
    management().control.forbidden = true;
    spec.render('/dashboard/7/');
    await openAction('Edit properties');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Taken over' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to edit this dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Cars overview' })).toBeInTheDocument();
  });

  it('offers roles under DASHBOARD_RBAC and sends them', async () => {
    spec.api.dashboards.push(sampleDashboard());
    management().control.roleBasedAccess = true;
    spec.render('/dashboard/7/', { featureFlags: { DASHBOARD_RBAC: true } });
    await openAction('Edit properties');
    const roles = (await screen.findByLabelText('Roles')) as HTMLSelectElement;
    for (const option of roles.options) option.selected = option.value === 'Gamma';
    fireEvent.change(roles);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(management().saves[0]).toMatchObject({ roles: ['Gamma'], dashboard_title: 'Cars overview', slug: 'cars' });
  });
});

describe('dashboard properties: the role picker under DASHBOARD_RBAC (GET /api/v1/dashboard/related/roles)', () => {
  it('offers the custom roles after the built-in ones and saves a chosen custom role', async () => {
    spec.api.dashboards.push(sampleDashboard());
    management().control.roleBasedAccess = true;
    management().control.customRoles = ['Analysts'];
    spec.render('/dashboard/7/', { featureFlags: { DASHBOARD_RBAC: true } });
    await openAction('Edit properties');
    const roles = (await screen.findByLabelText('Roles')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...roles.options].map((o) => o.value)).toEqual([
        'Admin',
        'Alpha',
        'Gamma',
        'sql_lab',
        'Public',
        'Analysts',
      ]),
    );
    for (const option of roles.options) option.selected = option.value === 'Analysts';
    fireEvent.change(roles);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(management().saves[0]).toMatchObject({ roles: ['Analysts'] });
    expect(spec.api.dashboards[0]).toMatchObject({ roles: ['Analysts'] });
  });
});

describe('dashboard properties: owners search (GET /api/v1/dashboard/related/owners)', () => {
  /** A Gamma user who may write dashboards but not list users, and owns this one. */
  const BOB = {
    ...ADMIN,
    id: 2,
    username: 'bob',
    first_name: 'Bob',
    last_name: 'Gamma',
    roles: {
      Gamma: [
        ['can_read', 'Dashboard'],
        ['can_write', 'Dashboard'],
      ],
    },
  } as unknown as typeof ADMIN;

  it('lets an owner who is no admin search every active user once the typing pauses, add and remove owners, and saves them', async () => {
    const metadata = { color_scheme: 'bnbColors', map_label_colors: { USA: '#ff5a5f' } };
    spec.api.dashboards.push(
      sampleDashboard({
        owners: [
          { id: 1, first_name: 'Ada', last_name: 'Admin' },
          { id: 2, first_name: 'Bob', last_name: 'Gamma' },
        ],
        json_metadata: metadata,
      }),
    );
    spec.render('/dashboard/7/', { user: BOB });
    await openAction('Edit properties');
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard properties' });
    expect(ownerNames(dialog)).toEqual(['Ada Admin', 'Bob Gamma']);
    // Without a text: the first page of active users who are not owners yet (Dee is deactivated).
    await waitFor(() => expect(matchNames(dialog)).toEqual(['Cy Alpha']));
    expect(management().ownerSearches).toEqual(['']);

    const search = within(dialog).getByRole('searchbox', { name: 'Search owners' });
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'al' } });
    fireEvent.change(search, { target: { value: 'alp' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    await waitFor(() => expect(matchNames(dialog)).toEqual(['Cy Alpha']));
    // One request for what was typed last, none for every keystroke.
    expect(management().ownerSearches).toEqual(['', 'alp']);
    expect(within(dialog).getByText('cy@example.com', { exact: false })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cy Alpha' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada Admin' }));
    expect(ownerNames(dialog)).toEqual(['Bob Gamma', 'Cy Alpha']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await within(dialog).findByText('No active user matches.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(management().saves[0]).toMatchObject({ owners: [2, 3] });
    // The scheme did not change: the label colours stored stay.
    expect(JSON.parse(String(management().saves[0]!.json_metadata))).toMatchObject(metadata);
    expect(spec.page!.dashboard.store.getState().dashboard!.owners.map((o) => o.id)).toEqual([2, 3]);
  });

  it('says when users cannot be searched, and keeps the chosen owners', async () => {
    spec.api.dashboards.push(sampleDashboard());
    management().control.ownersForbidden = true;
    spec.render('/dashboard/7/');
    await openAction('Edit properties');
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard properties' });
    expect(await within(dialog).findByText(/^Users could not be searched/)).toBeInTheDocument();
    expect(ownerNames(dialog)).toEqual(['Ada Admin']);
  });
});

describe('dashboard properties: colour scheme', () => {
  it('saves the chosen scheme with the label colours started over, and the charts redraw in it at once, alike on every chart', async () => {
    const dashboard = sampleDashboard({
      json_metadata: { color_scheme: 'supersetColors', label_colors: { Japan: 'black' } },
    });
    dashboard.charts = [pieChart(1, 'Cars by origin'), pieChart(2, 'Origins table', withoutUsa), dashboard.charts[2]!];
    spec.api.dashboards.push(dashboard);
    spec.render('/dashboard/7/');
    await rendered('Cars by origin');
    await rendered('Origins table');
    await waitFor(() =>
      expect(sliceColors('Cars by origin')).toEqual({
        USA: SUPERSET_COLORS[0],
        Europe: SUPERSET_COLORS[1],
        Japan: 'black',
      }),
    );
    // The colour sync (debounced) has stored the labels both charts show, and the page holds them: the
    // dialog opens on that metadata. Without this wait the test raced the sync on a loaded machine.
    await waitFor(() =>
      expect(spec.page!.dashboard.store.getState().metadata.shared_label_colors).toEqual(['Europe', 'Japan']),
    );
    const queries = spec.api.chartData.length;

    await openAction('Edit properties');
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard properties' });
    const scheme = within(dialog).getByLabelText('Color scheme') as HTMLSelectElement;
    expect(scheme).toHaveValue('supersetColors');
    expect([...scheme.options].map((o) => o.textContent)).toEqual([
      "(chart's own)",
      'Superset Colors',
      'D3 Category 10',
      'Google Category 10c',
      'Airbnb Colors',
    ]);
    fireEvent.change(scheme, { target: { value: 'd3Category10' } });
    // The Advanced field follows the select.
    expect(JSON.parse((within(dialog).getByLabelText('JSON metadata') as HTMLTextAreaElement).value)).toMatchObject({
      color_scheme: 'd3Category10',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const d3 = COLOR_SCHEMES.d3Category10!;
    expect(JSON.parse(String(management().saves[0]!.json_metadata))).toEqual({
      color_scheme: 'd3Category10',
      label_colors: { Japan: 'black' },
      map_label_colors: {},
      color_scheme_domain: d3,
      refresh_frequency: 0,
      // Pushed by the page's colour sync before the save, and kept by it.
      shared_label_colors: ['Europe', 'Japan'],
    });
    // Redrawn without a reload or a new query: every label takes the new scheme's colour, the same on both charts.
    await waitFor(() => expect(sliceColors('Cars by origin')).toEqual({ USA: d3[0], Europe: d3[1], Japan: 'black' }));
    expect(sliceColors('Origins table')).toEqual({ Europe: d3[1], Japan: 'black' });
    expect(spec.api.chartData.length).toBe(queries);
    // The new colours are pushed for the next visitor.
    await waitFor(() =>
      expect(spec.api.colorSaves.at(-1)?.body).toMatchObject({
        color_scheme_domain: d3,
        map_label_colors: { USA: d3[0], Europe: d3[1] },
      }),
    );

    // "(chart's own)": no dashboard scheme, and no palette to keep labels to.
    await openAction('Edit properties');
    fireEvent.change(
      within(await screen.findByRole('dialog', { name: 'Dashboard properties' })).getByLabelText('Color scheme'),
      { target: { value: '' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(management().saves).toHaveLength(2));
    const none = JSON.parse(String(management().saves[1]!.json_metadata)) as Record<string, unknown>;
    expect(none).not.toHaveProperty('color_scheme');
    expect(none).toMatchObject({ map_label_colors: {}, color_scheme_domain: [] });
  });
});

describe('dashboard properties: the saved auto-refresh interval (charts-dashboards-reports §4, §9)', () => {
  it('saves the interval with the dashboard, and the page refreshes at it at once, unlike the title bar picker', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    const picker = (await screen.findByLabelText('Refresh interval')) as HTMLSelectElement;
    expect(picker).toHaveValue('0');

    await openAction('Edit properties');
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard properties' });
    const saved = within(dialog).getByLabelText('Auto-refresh interval') as HTMLSelectElement;
    expect(saved).toHaveValue('0');
    fireEvent.change(saved, { target: { value: '300' } });
    expect(JSON.parse((within(dialog).getByLabelText('JSON metadata') as HTMLTextAreaElement).value)).toMatchObject({
      refresh_frequency: 300,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(JSON.parse(String(management().saves[0]!.json_metadata))).toMatchObject({ refresh_frequency: 300 });
    // The page follows the saved interval without a reload.
    expect(spec.page!.dashboard.store.getState().refreshFrequency).toBe(300);
    expect(picker).toHaveValue('300');
  });
});

describe('dashboard title bar: CSS, save as, delete', () => {
  it('saves CSS through the same PUT and applies it to the page', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    await openAction('Edit CSS');
    const css = '.dashboard-header__title { color: rgb(255, 0, 0); }';
    fireEvent.change(await screen.findByLabelText('CSS'), { target: { value: css } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(management().saves[0]).toMatchObject({ css, dashboard_title: 'Cars overview', slug: 'cars', version: 1 });
    expect([...document.querySelectorAll('style')].map((s) => s.textContent)).toContain(css);
  });

  it('saves a copy (charts too when asked) and opens it', async () => {
    spec.api.dashboards.push(sampleDashboard({ json_metadata: { color_scheme: 'bnbColors' } }));
    spec.render('/dashboard/7/');
    await openAction('Save as');
    expect(await screen.findByLabelText('New title')).toHaveValue('Cars overview [copy]');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also copy charts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/8\/$/));
    expect(management().copies).toEqual([
      {
        from: 7,
        body: {
          dashboard_title: 'Cars overview [copy]',
          css: '',
          duplicate_slices: true,
          json_metadata: JSON.stringify({ color_scheme: 'bnbColors' }),
        },
      },
    ]);
  });

  it('deletes after confirming, then goes to the list', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    await openAction('Delete');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete dashboard' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(management().deleted).toEqual([]);

    await openAction('Delete');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete dashboard' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/list/'));
    expect(management().deleted).toEqual([7]);
  });
});
