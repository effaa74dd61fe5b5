import { count, defineSummaries } from '../../audit/summary';
import { dashboard } from '../summary-words';
import type { DashboardFilterState, FilterStateEvent } from './index';

const withValues = (state: DashboardFilterState) => {
  const set = Object.values(state?.dataMask ?? {}).filter((m) => {
    const value = m?.filterState?.value;
    return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
  }).length;
  return set > 0 ? ` (${count(set, 'filter')} set)` : ' (no filter set)';
};

/** A dashboard's filter state (issue 16) in the audit log's words; the key, which opens it, is left out. */
export const filterStateSummaries = defineSummaries<FilterStateEvent>({
  context: 'dashboard filter state',
  of: {
    'dashboard/filterStateCreated': (d, { who, objectName }) =>
      `${who} kept the filters of ${dashboard(objectName)}${withValues(d.state)}`,
    'dashboard/filterStateChanged': (d, { who, objectName }) =>
      `${who} changed the filters of ${dashboard(objectName)}${withValues(d.state)}`,
  },
});
