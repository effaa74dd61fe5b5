import { deepFreeze } from '../../../testing';
import { FILTER_PENDING_DELETE_MS } from '../../constants';
import { FilterType } from '../types';
import {
  filterSettingChanged,
  FILTER_SETTING_EVENTS,
  type FilterConfigEvent,
  type FilterSetting,
} from './filter-config.events';
import { filterConfigFold, listedItems, newFilter } from './filter-config.fold';

const given = (events: readonly FilterConfigEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(filterConfigFold.evolve(s, deepFreeze(e))),
    deepFreeze(filterConfigFold.initialState()),
  );

const a = newFilter('NATIVE_FILTER-a');
const b = newFilter('NATIVE_FILTER-b', FilterType.RANGE);
const opened: FilterConfigEvent = { type: 'filterConfig/opened', data: { items: [a, b] } };
const filterA = (events: readonly FilterConfigEvent[]) => given([opened, ...events]).items[0] as typeof a;

describe('filter configuration fold (charts-dashboards-reports §4)', () => {
  it('given the modal opened, then the first item is in the form', () => {
    expect(given([opened])).toMatchObject({ status: 'editing', selectedId: a.id, original: [a, b] });
  });

  it.each(Object.keys(FILTER_SETTING_EVENTS) as FilterSetting[])(
    'when %s is turned on then off, then each fact sets it as the checkbox showed',
    (setting) => {
      const read = (f: typeof a) => (setting === 'requiredFirst' ? f.requiredFirst : f.controlValues[setting]);
      expect(read(filterA([filterSettingChanged(a.id, setting, true)]))).toBe(true);
      expect(
        read(filterA([filterSettingChanged(a.id, setting, true), filterSettingChanged(a.id, setting, false)])),
      ).toBe(false);
    },
  );

  it('names each setting’s two facts as intents, never one setter', () => {
    expect(filterSettingChanged(a.id, 'multiSelect', false)).toEqual({
      type: 'filterConfig/multipleSelectionDisabled',
      data: { id: a.id },
    });
    const types = Object.values(FILTER_SETTING_EVENTS).flatMap((e) => [e.on, e.off]);
    expect(new Set(types).size).toBe(14);
  });

  it('when a setting fact names a divider or no item, then nothing changes', () => {
    const state = given([opened, { type: 'filterConfig/dividerAdded', data: { id: 'DIVIDER-1' } }]);
    expect(filterConfigFold.evolve(state, filterSettingChanged('DIVIDER-1', 'multiSelect', false))).toBe(state);
    expect(filterConfigFold.evolve(state, filterSettingChanged('nope', 'multiSelect', false))).toBe(state);
  });

  it('when an item is removed, then the next one is in the form, and it leaves the list 5 s later', () => {
    const removed = given([opened, { type: 'filterConfig/itemRemoved', data: { id: a.id, at: 1000 } }]);
    expect(removed.selectedId).toBe(b.id);
    expect(listedItems(removed)).toHaveLength(2);
    const expired = given([
      opened,
      { type: 'filterConfig/itemRemoved', data: { id: a.id, at: 1000 } },
      { type: 'filterConfig/removalsExpired', data: { at: 1000 + FILTER_PENDING_DELETE_MS } },
    ]);
    expect(listedItems(expired).map((i) => i.id)).toEqual([b.id]);
  });

  it('when a new type is chosen, then the filter keeps its name and starts its settings over', () => {
    const f = filterA([
      { type: 'filterConfig/itemRenamed', data: { id: a.id, name: 'Origin' } },
      filterSettingChanged(a.id, 'inverseSelection', true),
      { type: 'filterConfig/filterTypeChosen', data: { id: a.id, filterType: FilterType.TIME } },
    ]);
    expect(f).toMatchObject({
      name: 'Origin',
      filterType: FilterType.TIME,
      controlValues: { enableEmptyFilter: false },
    });
  });
});
