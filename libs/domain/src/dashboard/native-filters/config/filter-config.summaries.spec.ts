import type { EventLike } from '@strata/events';
import { summarize, summarizeStream } from '../../../audit/registry';
import { FilterType } from '../types';
import type { FilterConfigEvent } from './filter-config.events';
import { newFilter } from './filter-config.fold';
import { filterConfigSummaries } from './filter-config.summaries';

/** Minimal data of every event type: the compiler checks the union is covered. */
type Samples<E extends EventLike> = { [K in E['type']]: Extract<E, { type: K }>['data'] };

const ID = 'NATIVE_FILTER-a';
const DIVIDER = 'NATIVE_FILTER_DIVIDER-d';
const onA = { id: ID };

const SAMPLES: Samples<FilterConfigEvent> = {
  'filterConfig/opened': { items: [] },
  'filterConfig/filterAdded': { filter: newFilter(ID) },
  'filterConfig/dividerAdded': { id: DIVIDER },
  'filterConfig/itemSelected': onA,
  'filterConfig/itemRenamed': { id: ID, name: '' },
  'filterConfig/itemDescribed': { id: ID, description: '' },
  'filterConfig/filterTypeChosen': { id: ID, filterType: FilterType.RANGE },
  'filterConfig/filterTargetChosen': { id: ID, datasetId: null, column: null },
  'filterConfig/valueRequired': onA,
  'filterConfig/valueMadeOptional': onA,
  'filterConfig/firstValueDefaultEnabled': onA,
  'filterConfig/firstValueDefaultDisabled': onA,
  'filterConfig/multipleSelectionEnabled': onA,
  'filterConfig/multipleSelectionDisabled': onA,
  'filterConfig/searchAllValuesEnabled': onA,
  'filterConfig/searchAllValuesDisabled': onA,
  'filterConfig/inverseSelectionEnabled': onA,
  'filterConfig/inverseSelectionDisabled': onA,
  'filterConfig/valuesSortedAscending': onA,
  'filterConfig/valuesSortedDescending': onA,
  'filterConfig/requiredFirstEnabled': onA,
  'filterConfig/requiredFirstDisabled': onA,
  'filterConfig/filterParentsChosen': { id: ID, parentIds: [] },
  'filterConfig/filterScopeChosen': { id: ID, scope: { rootPath: ['ROOT_ID'], excluded: [] } },
  'filterConfig/filterDefaultChosen': { id: ID, value: null },
  'filterConfig/itemMoved': { id: ID, toIndex: 0 },
  'filterConfig/itemRemoved': { id: ID, at: 1 },
  'filterConfig/itemRestored': { id: ID, at: 2 },
  'filterConfig/removalsExpired': { at: 3 },
  'filterConfig/validationFailed': { focusId: null },
  'filterConfig/saveStarted': {},
  'filterConfig/saveFailed': { message: '' },
  'filterConfig/saved': { items: [] },
  'filterConfig/closed': {},
  'filterConfig/datasetsLoaded': { datasets: [] },
  'filterConfig/columnsLoaded': { datasetId: 1, columns: [] },
  'filterConfig/valuesLoaded': { id: ID, values: [] },
};

const who = { who: 'alice' };
const texts = (events: readonly EventLike[]) => summarizeStream(events, () => who);

describe('filter configuration summaries', () => {
  it('every type reads as words on minimal data, alone, after nothing of the modal and in one stream', () => {
    const events = Object.keys(filterConfigSummaries.of).map((type) => ({
      type,
      data: SAMPLES[type as FilterConfigEvent['type']],
    }));
    const inOneStream = texts(events);
    events.forEach((event, index) => {
      expect(SAMPLES).toHaveProperty([event.type]);
      const first = texts([{ type: 'test/other', data: {} }, event])[1]!;
      for (const text of [summarize(event, who), first, inOneStream[index]!]) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/undefined|\[object Object\]|null|NaN|NATIVE_FILTER/);
        expect(text.length).toBeLessThan(140);
      }
    });
  });

  it('names filters and dividers as they were called in the form then', () => {
    const region = newFilter(ID);
    expect(
      texts([
        { type: 'filterConfig/filterAdded', data: { filter: region } },
        { type: 'filterConfig/itemRenamed', data: { id: ID, name: 'Region' } },
        { type: 'filterConfig/multipleSelectionDisabled', data: onA },
        { type: 'filterConfig/itemRenamed', data: { id: ID, name: 'Country' } },
        { type: 'filterConfig/dividerAdded', data: { id: DIVIDER } },
        { type: 'filterConfig/itemRenamed', data: { id: DIVIDER, name: 'Time' } },
        { type: 'filterConfig/filterDefaultChosen', data: { id: ID, value: ['France', 'Spain'] } },
        { type: 'filterConfig/itemRemoved', data: { id: ID, at: 1 } },
      ]),
    ).toEqual([
      'alice added a new filter',
      "alice named the filter 'Region'",
      "alice allowed only one value in the filter 'Region'",
      "alice renamed the filter 'Region' to 'Country'",
      'alice added a divider',
      "alice named the divider 'Time'",
      "alice set the default value of the filter 'Country' to 'France, Spain'",
      "alice removed the filter 'Country'",
    ]);
  });

  it('names the filters of the configuration as the modal opened with them, and datasets once listed', () => {
    const region = { ...newFilter(ID), name: 'Region' };
    const city = { ...newFilter('NATIVE_FILTER-b'), name: 'City' };
    expect(
      texts([
        { type: 'filterConfig/opened', data: { items: [region, city] } },
        { type: 'filterConfig/filterParentsChosen', data: { id: city.id, parentIds: [ID] } },
        { type: 'filterConfig/datasetsLoaded', data: { datasets: [{ id: 3, table_name: 'sales' }] } },
        { type: 'filterConfig/filterTargetChosen', data: { id: ID, datasetId: 3, column: 'region' } },
        { type: 'filterConfig/filterTypeChosen', data: { id: ID, filterType: FilterType.TIME } },
        { type: 'filterConfig/validationFailed', data: { focusId: ID } },
      ]),
    ).toEqual([
      'alice opened the filter configuration (2 filters)',
      "alice made the filter 'City' depend on the filter 'Region'",
      'alice loaded the datasets a filter can use (1 dataset)',
      "alice pointed the filter 'Region' at the column 'region' of the dataset 'sales'",
      "alice made the filter 'Region' a time range filter",
      "the filter configuration was not saved: the filter 'Region' has errors",
    ]);
  });

  it('falls back to the kind of item when its name is not known', () => {
    expect(summarize({ type: 'filterConfig/itemRenamed', data: { id: ID, name: 'Country' } }, who)).toBe(
      "alice named the filter 'Country'",
    );
    expect(summarize({ type: 'filterConfig/itemRemoved', data: { id: DIVIDER, at: 1 } }, who)).toBe(
      'alice removed the divider',
    );
    expect(
      summarize({ type: 'filterConfig/filterTargetChosen', data: { id: ID, datasetId: 3, column: null } }, who),
    ).toBe('alice pointed the filter at dataset 3');
    expect(summarize({ type: 'filterConfig/opened', data: { items: [] } }, { ...who, objectName: 'Sales' })).toBe(
      "alice opened the filter configuration of the dashboard 'Sales' (0 filters)",
    );
  });
});
