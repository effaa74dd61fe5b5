import { envelopeBatch, EventLog, type EventLike } from '@strata/events';
import { upcastEvents } from '../../../upcasters';
import { FILTER_SETTING_EVENTS, filterSettingChanged, type FilterSetting } from './filter-config.events';
import { filterConfigFold, newFilter } from './filter-config.fold';

/** Reads events as an imported time-travel file is read: upcast, then folded. */
const foldAsRead = (events: readonly EventLike[]) =>
  EventLog.from(
    filterConfigFold,
    upcastEvents(
      events.map(
        (e, n) =>
          envelopeBatch(
            [e],
            { actor: '1', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
            {
              stream: 'filterConfig',
              version: n + 1,
            },
          )[0]!,
      ),
    ),
  ).state;

const filter = newFilter('NATIVE_FILTER-a');
const opened = { type: 'filterConfig/opened', data: { items: [filter] } };
const toggled = (setting: string, on: boolean) => ({
  type: 'filterConfig/filterSettingToggled',
  data: { id: filter.id, setting, on },
});

describe('filter configuration upcasters: a log written before the setting setter was split', () => {
  it.each(
    (Object.keys(FILTER_SETTING_EVENTS) as FilterSetting[]).flatMap((s) => [[s, true] as const, [s, false] as const]),
  )('reads filterSettingToggled {%s, on: %s} as its intent and folds to the same configuration', (setting, on) => {
    const old = foldAsRead([opened, toggled(setting, !on), toggled(setting, on)]);
    expect(old).toEqual(
      foldAsRead([opened, filterSettingChanged(filter.id, setting, !on), filterSettingChanged(filter.id, setting, on)]),
    );
    expect(old).not.toEqual(foldAsRead([opened, filterSettingChanged(filter.id, setting, !on)]));
  });

  it('leaves a setting it does not know as it was written', () => {
    const [event] = upcastEvents(
      envelopeBatch(
        [toggled('somethingNew', true)],
        { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
        {
          stream: 'filterConfig',
          version: 1,
        },
      ),
    );
    expect(event).toMatchObject(toggled('somethingNew', true));
  });
});
