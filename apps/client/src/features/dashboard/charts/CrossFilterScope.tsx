import { useState } from 'react';
import { ROOT_ID, type FilterScope } from '@strata/domain';
import { scopeChoices, ScopeField } from '../filters/config/ScopeField';
import { useDashboardView } from '../grid/view-context';

/**
 * charts-dashboards-reports §3 cross-filter configuration per chart: which charts a click on this one filters, either the
 * dashboard's global scope or a scope of its own (tabs, and charts left out). Saved in json_metadata's
 * chart_configuration for everyone.
 */
export function CrossFilterScopeDialog({
  chartId,
  title,
  onClose,
}: {
  chartId: number;
  title: string;
  onClose(): void;
}) {
  const { feature, state, onError } = useDashboardView();
  const own = state.metadata.chart_configuration?.[String(chartId)]?.crossFilters.scope;
  // The form's choices until Save: what is being typed, not yet a fact.
  const [custom, setCustom] = useState(own !== undefined && own !== 'global');
  const [scope, setScope] = useState<FilterScope>(
    own && own !== 'global' ? own : { rootPath: [ROOT_ID], excluded: [] },
  );
  const [saving, setSaving] = useState(false);
  const choices = scopeChoices(state.layout, state.charts);
  const save = () => {
    setSaving(true);
    feature.setCrossFilterScope(chartId, custom ? scope : 'global').then(onClose, (error: unknown) => {
      setSaving(false);
      onError('Failed to save cross-filter scoping', error);
    });
  };
  return (
    <div className="dashboard-modal" role="dialog" aria-label="Cross-filter scope" onClick={(e) => e.stopPropagation()}>
      <div className="dashboard-modal__body filter-config__form">
        <h2>{title}: cross-filter scope</h2>
        <label className="filter-config__check">
          <input type="radio" name="cross-filter-scope" checked={!custom} onChange={() => setCustom(false)} />
          The dashboard's global scope
        </label>
        <label className="filter-config__check">
          <input type="radio" name="cross-filter-scope" checked={custom} onChange={() => setCustom(true)} />A scope of
          its own
        </label>
        {custom && (
          <ScopeField
            value={scope}
            choices={{ ...choices, charts: choices.charts.filter((c) => c.id !== chartId) }}
            onChange={setScope}
          />
        )}
        <div className="dashboard-modal__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={saving} onClick={save}>
            Save
          </button>
        </div>
      </div>
    </div>
  );
}
