import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sampleDashboard } from '../testing/layouts';
import { dashboardPageSpec } from '../testing/page-spec';
import { dashboardPropertiesOf, PROPERTIES_CHANGED_ELSEWHERE } from './dashboard-properties.feature';

const spec = dashboardPageSpec();

const management = () => spec.api.management;
const stored = () => spec.api.dashboards[0]!;
const dialog = (name = 'Dashboard properties') => screen.findByRole('dialog', { name });
const field = (d: HTMLElement, name: string) => within(d).getByLabelText(name);
/** The confirmation's rows: field, latest saved value, the user's value. */
const rows = (d: HTMLElement) =>
  within(within(d).getByRole('table', { name: 'What saving would replace' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const saved = () => management().saves.map((s) => [s.dashboard_title, s.version]);
const gets = () =>
  spec.api.server.requests.filter(
    (r) => r.method === 'GET' && new URL(r.url, 'http://x').pathname === '/api/v1/dashboard/7',
  ).length;

/**
 * The page on screen with its label colours pushed (PUT .../colors, 500 ms after the pie draws): that
 * write changes the stored metadata without a new version, so it must not land in the middle of a test.
 */
async function renderSettled(options?: Parameters<typeof spec.render>[1]) {
  spec.render('/dashboard/7/', options);
  await waitFor(() => expect(spec.api.colorSaves).not.toHaveLength(0));
}

async function openAction(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Dashboard actions' }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
}

/** Someone else saves the dashboard (another browser): the stored row moves to `version`. */
const savedElsewhere = (version: number, changes: Partial<ReturnType<typeof sampleDashboard>>) =>
  Object.assign(stored(), changes, { version });

describe('dashboard properties: overwrite confirmation when someone else saved first (charts-dashboards-reports §3, REFERENCE §3.5)', () => {
  it('a 409 keeps what the user typed, lists what saving would replace, and Overwrite saves over the latest version (again after another 409)', async () => {
    spec.api.dashboards.push(sampleDashboard());
    await renderSettled();
    await openAction('Edit properties');
    const d = await dialog();
    fireEvent.change(field(d, 'Title'), { target: { value: 'Mine' } });
    fireEvent.change(field(d, 'Certified by'), { target: { value: 'Data team' } });
    savedElsewhere(2, {
      dashboard_title: 'Renamed elsewhere',
      slug: 'cars-v2',
      owners: [
        { id: 1, first_name: 'Ada', last_name: 'Admin' },
        { id: 3, first_name: 'Cy', last_name: 'Alpha' },
      ],
      json_metadata: { refresh_frequency: 300 },
    });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));

    expect(await within(d).findByRole('alert')).toHaveTextContent(PROPERTIES_CHANGED_ELSEWHERE);
    // Nothing of the user's is lost: the fields hold what they typed.
    expect(field(d, 'Title')).toHaveValue('Mine');
    expect(field(d, 'Certified by')).toHaveValue('Data team');
    expect(rows(d)).toEqual([
      ['dashboard_title', 'Renamed elsewhere', 'Mine'],
      ['slug', 'cars-v2', 'cars'],
      ['owners', 'Ada Admin, Cy Alpha', 'Ada Admin'],
      ['certified_by', '(none)', 'Data team'],
      ['json_metadata.refresh_frequency', '300', '0'],
    ]);
    // The page shows their latest save; the server kept it.
    expect(screen.getByRole('heading', { level: 1, name: 'Renamed elsewhere' })).toBeInTheDocument();
    expect(stored().dashboard_title).toBe('Renamed elsewhere');
    expect(within(d).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    // Recorded on the properties store (charts-dashboards-reports §3 overwriteConfirmMetadata), so time travel shows it.
    expect(dashboardPropertiesOf(spec.page!.dashboard).store.getState().overwriteConfirmMetadata).toMatchObject({
      write: 'properties',
      version: 2,
    });

    // They save once more before the user decides: the overwrite is refused too, and asked again.
    savedElsewhere(3, { dashboard_title: 'Third' });
    fireEvent.click(within(d).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(rows(d)[0]).toEqual(['dashboard_title', 'Third', 'Mine']));
    expect(field(d, 'Title')).toHaveValue('Mine');

    fireEvent.click(within(d).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved()).toEqual([
      ['Mine', 1],
      ['Mine', 2],
      ['Mine', 3],
    ]);
    expect(stored()).toMatchObject({ dashboard_title: 'Mine', slug: 'cars', certified_by: 'Data team', version: 4 });
    expect(stored().owners.map((o) => o.id)).toEqual([1]);
    expect(screen.getByRole('heading', { level: 1, name: 'Mine' })).toBeInTheDocument();
  });

  it('Discard my changes refills the form with the latest values, which then save without asking', async () => {
    spec.api.dashboards.push(sampleDashboard());
    await renderSettled();
    await openAction('Edit properties');
    const d = await dialog();
    fireEvent.change(field(d, 'Title'), { target: { value: 'Mine' } });
    savedElsewhere(2, { dashboard_title: 'Renamed elsewhere' });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByRole('button', { name: 'Discard my changes' })).toBeInTheDocument();

    fireEvent.click(within(d).getByRole('button', { name: 'Discard my changes' }));
    const refilled = await dialog();
    await waitFor(() => expect(field(refilled, 'Title')).toHaveValue('Renamed elsewhere'));
    expect(within(refilled).queryByRole('region', { name: 'Overwrite confirmation' })).not.toBeInTheDocument();
    expect(management().saves).toHaveLength(1);

    fireEvent.change(field(refilled, 'URL slug'), { target: { value: 'cars-renamed' } });
    fireEvent.click(within(refilled).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved()).toEqual([
      ['Mine', 1],
      ['Renamed elsewhere', 2],
    ]);
    expect(stored()).toMatchObject({ dashboard_title: 'Renamed elsewhere', slug: 'cars-renamed' });
  });

  it('Edit CSS keeps the draft on a 409 and overwrites only the CSS: their title stays', async () => {
    spec.api.dashboards.push(sampleDashboard());
    await renderSettled();
    await openAction('Edit CSS');
    const d = await dialog('Edit CSS');
    const css = '.dashboard-header__title { color: rgb(255, 0, 0); }';
    fireEvent.change(field(d, 'CSS'), { target: { value: css } });
    savedElsewhere(2, {
      dashboard_title: 'Renamed elsewhere',
      css: 'h1 { color: blue; }',
      json_metadata: { color_scheme: 'bnbColors' },
    });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));

    expect(await within(d).findByRole('alert')).toHaveTextContent(PROPERTIES_CHANGED_ELSEWHERE);
    expect(field(d, 'CSS')).toHaveValue(css);
    expect(rows(d)).toEqual([['css', 'h1 { color: blue; }', css]]);

    fireEvent.click(within(d).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(management().saves.at(-1)).toMatchObject({ css, dashboard_title: 'Renamed elsewhere', version: 2 });
    expect(stored()).toMatchObject({ css, dashboard_title: 'Renamed elsewhere' });
  });

  it('with CONFIRM_DASHBOARD_DIFF, a save first reads the dashboard and asks instead of sending a save that would be refused', async () => {
    spec.api.dashboards.push(sampleDashboard());
    await renderSettled({ featureFlags: { CONFIRM_DASHBOARD_DIFF: true } });
    await openAction('Edit properties');
    const d = await dialog();
    const before = gets();
    fireEvent.change(field(d, 'Title'), { target: { value: 'Mine' } });
    savedElsewhere(2, { dashboard_title: 'Renamed elsewhere', json_metadata: {} });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(rows(d)).toEqual([['dashboard_title', 'Renamed elsewhere', 'Mine']]));
    expect(gets()).toBe(before + 1);
    // No save was sent: the server never refused one.
    expect(management().saves).toEqual([]);
    expect(field(d, 'Title')).toHaveValue('Mine');

    // The overwrite goes straight to the save, naming the version the check read.
    fireEvent.click(within(d).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved()).toEqual([['Mine', 2]]);
    expect(gets()).toBe(before + 1);
  });

  it('with CONFIRM_DASHBOARD_DIFF, an unchanged dashboard saves after the check, and a newer one that differs in nothing the dialog saves is saved over without asking', async () => {
    spec.api.dashboards.push(sampleDashboard());
    await renderSettled({ featureFlags: { CONFIRM_DASHBOARD_DIFF: true } });
    await openAction('Edit properties');
    fireEvent.change(field(await dialog(), 'Title'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved()).toEqual([['Mine', 1]]);

    // Someone else only unpublishes it; Edit CSS is saved as it was: nothing of theirs would be replaced.
    await openAction('Edit CSS');
    const d = await dialog('Edit CSS');
    savedElsewhere(3, { published: false });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved()).toEqual([
      ['Mine', 1],
      ['Mine', 3],
    ]);
    expect(stored()).toMatchObject({ dashboard_title: 'Mine', published: false, version: 4 });
  });
});
