/**
 * Old filter configuration facts read as today's (DESIGN.md "Events"). They lived in the client's log
 * only, so they reach this in exported time-travel files.
 */
import type { UpcasterMap } from '@strata/events';
import { filterSettingChanged, FILTER_SETTING_EVENTS, type FilterSetting } from './filter-config.events';

export const filterConfigUpcasters: UpcasterMap = {
  // A setter (`{setting, on}`): one fact per setting and direction now. A setting this version does not
  // know is left as it was (the fold ignores it, as it would have ignored a key it never reads).
  'filterConfig/filterSettingToggled': (event) => {
    const { id, setting, on } = event.data as { id: string; setting: string; on: boolean };
    return setting in FILTER_SETTING_EVENTS ? filterSettingChanged(id, setting as FilterSetting, on === true) : event;
  },
};
