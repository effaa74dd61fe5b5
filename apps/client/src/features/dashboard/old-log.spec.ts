/**
 * A time-travel file written by the dashboard page of commit 177e658, when the client declared its own
 * events (`dashboard/starToggled {isStarred}`, `filterConfig/filterSettingToggled {setting, on}`,
 * `dashboardList/starToggled`, the page's facts under `dashboard/...`). It was made by driving that
 * commit's features against `testing/dashboard-test-api.ts` (open, render, star and unstar, tab, description,
 * full size, refresh frequency, filter value and apply, cross-filter, filter configuration settings,
 * publish, list stars) and holds each store's state as that client folded it. Imported today, it must
 * show the same states (DESIGN.md "Events": old logs still load).
 */
import {
  dashboardListFold,
  dashboardPageFold,
  dashboardPropertiesFold,
  filterConfigFold,
  initialDashboardEditState,
  labelColorsFold,
  LEGACY_FILTER_OPTIONS_REQUEST,
} from '@strata/domain';
import type { EventLike, Fold } from '@strata/events';
import { createFeatureStore } from '../../shared/feature-store';
import { createTestContext } from '../../shared/test-context';
import { TimeTravel } from '../timetravel/time-travel';
import old from './testing/fixtures/dashboard-log-177e658.json';

const folds: Record<string, Fold<unknown, EventLike>> = {
  dashboard: dashboardPageFold as Fold<unknown, EventLike>,
  filterConfig: filterConfigFold as Fold<unknown, EventLike>,
  'dashboard-list': dashboardListFold as Fold<unknown, EventLike>,
  'dashboard-properties': dashboardPropertiesFold as Fold<unknown, EventLike>,
  dashboardColors: labelColorsFold as Fold<unknown, EventLike>,
};

/** Imported as the time-travel panel's Import does: into the page's stores, through the upcasters. */
function importOldFile() {
  const context = createTestContext();
  const travel = new TimeTravel();
  const stores = Object.entries(folds).map(([name, fold]) => createFeatureStore(name, fold, context));
  stores.forEach((s) => travel.register(s));
  const result = travel.importLog(old.file);
  travel.dispose();
  return { result, stores };
}

const asStored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** Parts of a store's state that commit 177e658's client did not have: the old file leaves them as a fresh page's. */
const addedSince: Record<string, object> = {
  // Edit mode's save / history / palette and the shared permalink became page facts later (issue 11).
  // The page shown as it was at a log position (`?as_of=`, issue 13) came later still.
  // Filter values requests and answers are paired by id since; the file's read as one unpaired request.
  dashboard: {
    edit: initialDashboardEditState(),
    permalink: null,
    pastView: null,
    filterOptions: Object.fromEntries(
      Object.entries(old.states.dashboard.filterOptions).map(([id, options]) => [
        id,
        { ...options, requestId: LEGACY_FILTER_OPTIONS_REQUEST },
      ]),
    ),
  },
  // The roles the properties dialog offers are read from the server since custom roles (built-in until then).
  'dashboard-properties': { roleChoices: dashboardPropertiesFold.initialState().roleChoices },
};

describe('a dashboard time-travel file written before the events moved to libs/domain', () => {
  it('imports every event into its store and folds each store to the state the old client showed', () => {
    const { result, stores } = importOldFile();
    // A version 1 file: no server events and no app version.
    expect(result).toEqual({
      imported: old.file.events.length,
      unknownStores: [],
      serverEvents: 0,
      appVersion: 'unknown',
    });
    for (const store of stores)
      expect([store.name, asStored(store.getState())]).toEqual([
        store.name,
        asStored({ ...old.states[store.name as keyof typeof old.states], ...addedSince[store.name] }),
      ]);
  });

  it('reads the old setters as today’s intents', () => {
    const { stores } = importOldFile();
    const types = stores.flatMap((s) => s.store.log$.value.map((e) => e.type));
    expect(types.filter((t) => /starToggled|filterSettingToggled|^dashboard\//.test(t))).toEqual([]);
    expect(types.filter((t) => /favorited$/.test(t))).toEqual([
      'dashboardPage/favorited',
      'dashboardPage/unfavorited',
      'dashboardList/favorited',
      'dashboardList/unfavorited',
      'dashboardList/favorited',
    ]);
    expect(types).toContain('filterConfig/multipleSelectionDisabled');
    expect(types).toContain('filterConfig/valuesSortedDescending');
  });
});
