import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtualTimeScheduler } from 'rxjs';
import { FilterValidationMessages as M, type FilterConfigItem } from '@strata/domain';
import { createTestContext } from '../../../../shared/test-context';
import { HttpClient } from '../../../api/http-client';
import { dashboardApi } from '../../api/dashboard-api';
import { DASHBOARD_CHANGED_ELSEWHERE } from '../../dashboard.feature';
import { originFilter, sampleDashboard } from '../../testing/layouts';
import { dashboardPageSpec } from '../../testing/page-spec';
import { ADMIN } from '../../testing/render-dashboard';
import { createFilterConfig } from './filter-config.feature';

const spec = dashboardPageSpec();

const modal = () => screen.getByRole('dialog', { name: 'Add and edit filters' });
const bar = () => screen.getByRole('complementary', { name: 'Filters' });
const list = () => within(modal()).getByRole('navigation', { name: 'Filters and dividers' });

async function openModal(filters: unknown[] = []) {
  spec.api.dashboards.push(sampleDashboard({ json_metadata: { native_filter_configuration: filters } }));
  spec.render('/dashboard/7/');
  fireEvent.click(await screen.findByRole('button', { name: '⚙ Add or edit filters' }));
  return modal();
}

/** Fills the open filter's form as a user does: name, then dataset and column once they are offered. */
async function describeOriginFilter(name: string) {
  const form = within(modal());
  fireEvent.change(form.getByLabelText('Filter name'), { target: { value: name } });
  await form.findByRole('option', { name: 'public.cars' });
  fireEvent.change(form.getByLabelText('Dataset'), { target: { value: '1' } });
  await form.findByRole('option', { name: 'origin' });
  fireEvent.change(form.getByLabelText('Column'), { target: { value: 'origin' } });
}

describe('the filter configuration modal (charts-dashboards-reports §4, §7 PUT /filters)', () => {
  it('adds a value filter on a dataset column; Save sends it and the filter bar offers its values at once', async () => {
    await openModal();
    fireEvent.click(within(modal()).getByRole('button', { name: '+ Add filter' }));
    await describeOriginFilter('Origin');
    fireEvent.click(within(modal()).getByLabelText('Can select multiple values'));
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spec.api.filterSaves).toHaveLength(1);
    const { added, modified, deleted } = spec.api.filterSaves[0] as {
      added: Record<string, unknown>[];
      modified: unknown[];
      deleted: unknown[];
    };
    expect(modified).toEqual([]);
    expect(deleted).toEqual([]);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      type: 'NATIVE_FILTER',
      name: 'Origin',
      filterType: 'filter_select',
      targets: [{ datasetId: 1, column: { name: 'origin' } }],
      controlValues: { multiSelect: false },
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      // Computed from the layout on save: every chart of the dashboard.
      chartsInScope: [1, 2, 3],
    });
    expect(String(added[0]!.id)).toMatch(/^NATIVE_FILTER-/);
    // The bar shows the new filter with its column's values, without a reload.
    expect(await within(bar()).findByRole('group', { name: 'Origin values' })).toBeInTheDocument();
    expect(await within(bar()).findByRole('radio', { name: 'Japan' })).toBeInTheDocument();
  });

  it('refuses to save what the domain finds wrong, shows its messages and opens the first failing filter', async () => {
    await openModal();
    fireEvent.click(within(modal()).getByRole('button', { name: '+ Add filter' }));
    await describeOriginFilter('Origin');
    fireEvent.click(within(modal()).getByRole('button', { name: '+ Add filter' }));
    fireEvent.click(within(modal()).getByRole('button', { name: '+ Add divider' }));
    // The valid filter is open when Save is pressed: the form moves to the first one that fails.
    fireEvent.click(within(list()).getByRole('button', { name: 'Origin' }));
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));

    const form = within(modal()).getByLabelText('Filter settings');
    expect(within(form).getByLabelText('Filter name')).toHaveValue('');
    expect(within(form).getByText(M.NAME_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByText(M.DATASET_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByText(M.COLUMN_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByLabelText('Filter type')).toHaveFocus();
    expect(within(list()).getAllByLabelText('has errors')).toHaveLength(2);
    expect(spec.api.filterSaves).toEqual([]);

    // The messages follow the form: naming the filter clears that one.
    fireEvent.change(within(form).getByLabelText('Filter name'), { target: { value: 'Second' } });
    expect(within(form).queryByText(M.NAME_REQUIRED)).toBeNull();
    expect(within(form).getByText(M.DATASET_REQUIRED)).toBeInTheDocument();
  });

  it('edits, reorders and removes existing filters; a removal offers Restore until Save sends it as deleted', async () => {
    const horsepower = {
      id: 'NATIVE_FILTER-hp',
      type: 'NATIVE_FILTER',
      name: 'Horsepower',
      filterType: 'filter_range',
      targets: [{ datasetId: 1, column: { name: 'horsepower' } }],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    };
    await openModal([
      originFilter(),
      horsepower,
      { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'More', description: '' },
    ]);
    const shown = () => [...bar().querySelectorAll('[data-filter-id]')].map((e) => e.getAttribute('data-filter-id'));
    expect(shown()).toEqual(['NATIVE_FILTER-origin', 'NATIVE_FILTER-hp']);

    fireEvent.click(within(list()).getByRole('button', { name: 'Remove Horsepower' }));
    const restore = within(list()).getByRole('button', { name: 'Restore Horsepower' });
    fireEvent.click(restore);
    expect(within(list()).getByRole('button', { name: 'Horsepower' })).toBeInTheDocument();
    fireEvent.click(within(list()).getByRole('button', { name: 'Remove Horsepower' }));

    // The divider goes to the top: above the removed filter, then above Origin.
    fireEvent.click(within(list()).getByRole('button', { name: 'Move More up' }));
    fireEvent.click(within(list()).getByRole('button', { name: 'Move More up' }));
    fireEvent.click(within(list()).getByRole('button', { name: 'Origin' }));
    fireEvent.change(within(modal()).getByLabelText('Filter name'), { target: { value: 'Country of origin' } });
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = spec.api.filterSaves[0] as {
      added: unknown[];
      modified: { id: string; name: string }[];
      deleted: string[];
      reordered: string[];
    };
    expect(body.added).toEqual([]);
    expect(body.deleted).toEqual(['NATIVE_FILTER-hp']);
    expect(body.modified.map((f) => [f.id, f.name])).toEqual([['NATIVE_FILTER-origin', 'Country of origin']]);
    expect(body.reordered).toEqual(['NATIVE_FILTER_DIVIDER-1', 'NATIVE_FILTER-origin']);
    await waitFor(() => expect(shown()).toEqual(['NATIVE_FILTER-origin']));
    expect(within(bar()).getByText('Country of origin')).toBeInTheDocument();
  });

  it('keeps the modal open in a failed state when the save fails, and Cancel leaves the bar as it was', async () => {
    await openModal([originFilter()]);
    spec.api.control.failFilters = true;
    fireEvent.change(within(modal()).getByLabelText('Filter name'), { target: { value: 'Renamed' } });
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));
    expect(await within(modal()).findByRole('alert')).toHaveTextContent('The filters could not be saved.');
    expect(spec.api.filterSaves).toHaveLength(1);
    fireEvent.click(within(modal()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(bar()).getByText('Origin')).toBeInTheDocument();
    expect(within(bar()).queryByText('Renamed')).toBeNull();
  });

  it('names the version it read on Save; when someone else saved first, closes and shows their filters rather than overwrite them', async () => {
    await openModal([originFilter()]);
    fireEvent.change(within(modal()).getByLabelText('Filter name'), { target: { value: 'Country' } });
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spec.api.filterSaves[0]).toMatchObject({ version: 1 });

    // Someone else renames it and adds a filter of their own.
    const stored = spec.api.dashboards[0]!;
    const theirs = {
      id: 'NATIVE_FILTER-hp',
      type: 'NATIVE_FILTER',
      name: 'Horsepower',
      filterType: 'filter_range',
      targets: [{ datasetId: 1, column: { name: 'horsepower' } }],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    };
    stored.json_metadata = {
      ...stored.json_metadata,
      native_filter_configuration: [originFilter({}, { name: 'Where from' }), theirs],
    };
    stored.version = 7;

    fireEvent.click(screen.getByRole('button', { name: '⚙ Add or edit filters' }));
    fireEvent.change(within(modal()).getByLabelText('Filter name'), { target: { value: 'Mine' } });
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page's version after its own save was 2: refused, nothing written.
    expect(spec.api.filterSaves.map((b) => b.version)).toEqual([1, 2]);
    expect(stored.json_metadata.native_filter_configuration).toEqual([
      originFilter({}, { name: 'Where from' }),
      theirs,
    ]);
    expect(spec.page!.toasts.store.getState().toasts.map((t) => t.text)).toContain(DASHBOARD_CHANGED_ELSEWHERE);
    expect(await within(bar()).findByText('Horsepower')).toBeInTheDocument();
    expect(within(bar()).getByText('Where from')).toBeInTheDocument();

    // Opened again, the modal edits their configuration, under their version.
    fireEvent.click(screen.getByRole('button', { name: '⚙ Add or edit filters' }));
    expect(within(list()).getByRole('button', { name: 'Horsepower' })).toBeInTheDocument();
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spec.api.filterSaves.at(-1)).toMatchObject({ version: 7 });
  });

  it('is offered only to those who may edit the dashboard', async () => {
    spec.api.dashboards.push(sampleDashboard({ json_metadata: { native_filter_configuration: [originFilter()] } }));
    const gamma = {
      ...ADMIN,
      id: 5,
      username: 'gamma',
      roles: { Gamma: [['can_read', 'Dashboard']] },
      permissions: [],
    };
    spec.render('/dashboard/7/', { user: gamma as never });
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByText('Origin');
    expect(screen.queryByRole('button', { name: '⚙ Add or edit filters' })).toBeNull();
  });
});

describe('pending removal (charts-dashboards-reports §4: marked for 5 s, then removed)', () => {
  it('hides a removed filter 5 s after its removal unless it was restored before', async () => {
    spec.api.dashboards.push(sampleDashboard());
    const scheduler = new VirtualTimeScheduler();
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const context = { ...createTestContext(), now: () => new Date(clock).toISOString() };
    const saved: FilterConfigItem[][] = [];
    const config = createFilterConfig({
      context,
      api: dashboardApi(new HttpClient({ baseUrl: spec.api.server.baseUrl })),
      dashboardId: () => 7,
      layout: () => ({}),
      onSaved: (items) => saved.push(items),
      scheduler,
    });
    const divider = { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER' as const, title: 'More', description: '' };
    config.open([{ ...originFilter(), defaultDataMask: {}, cascadeParentIds: [] } as FilterConfigItem, divider]);
    const listed = () =>
      config.store
        .getState()
        .items.filter((i) => !config.store.getState().gone.includes(i.id))
        .map((i) => i.id);

    config.remove('NATIVE_FILTER-origin');
    config.remove(divider.id);
    clock += 4_000;
    scheduler.maxFrames = 4_000;
    scheduler.flush();
    config.restore(divider.id);
    expect(listed()).toEqual(['NATIVE_FILTER-origin', divider.id]);
    scheduler.maxFrames = 6_000;
    scheduler.flush();
    clock += 2_000;
    // Past 5 s: the filter is gone for good (Restore no longer brings it back); the restored divider stays.
    expect(listed()).toEqual([divider.id]);
    config.restore('NATIVE_FILTER-origin');
    expect(listed()).toEqual([divider.id]);
    config.dispose();
  });
});
