import { useEffect, useMemo, useState } from 'react';
import { useDashboardView } from '../../grid/view-context';
import { createFilterConfig } from './filter-config.feature';
import { FilterConfigModal } from './FilterConfigModal';
import { scopeChoices } from './ScopeField';
import { useTimeTravelStore } from '../../../timetravel/use-read-only';

/**
 * The filter bar's "Add or edit filters" for those who may edit the dashboard: opens the modal on the
 * filters as the dashboard has them; a save updates the bar and the charts without a reload.
 */
export function FilterConfiguration() {
  const { feature, state, canEditFilters } = useDashboardView();
  // Whether the modal is open is how the page is looked at; what it edits lives in its store.
  const [open, setOpen] = useState(false);
  const config = useMemo(
    () =>
      createFilterConfig({
        context: feature.context,
        api: feature.api,
        dashboardId: () => feature.store.getState().dashboard?.id ?? 0,
        version: () => feature.store.getState().dashboard?.version,
        layout: () => feature.store.getState().layout,
        onSaved: (items, saved) => void feature.filtersConfigured(items, saved),
        onStale: () => void feature.writeRefusedAsStale(),
      }),
    [feature],
  );
  useEffect(() => () => config.dispose(), [config]);
  // Its log joins the time-travel panel while the filter bar shows it (issue 13).
  useTimeTravelStore(config.store);
  if (!canEditFilters) return null;
  return (
    <>
      <button
        type="button"
        className="link filter-bar__configure"
        onClick={() => {
          config.open(state.filterItems);
          setOpen(true);
        }}
      >
        ⚙ Add or edit filters
      </button>
      {open && (
        <FilterConfigModal
          feature={config}
          scope={scopeChoices(state.layout, state.charts)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
