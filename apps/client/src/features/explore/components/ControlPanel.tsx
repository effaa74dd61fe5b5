import { controlDef, isTemporalColumn, vizPanel, type ExploreState } from '@strata/domain';
import { Control } from '../controls/Control';
import type { ExploreFeature } from '../explore.feature';
import { VizTypePicker } from './VizTypePicker';

/** The middle column: viz type, the viz type's control sections, and Run / Stop. */
export function ControlPanel({ explore, state }: { explore: ExploreFeature; state: ExploreState }) {
  const { formData, validationErrors, controlsTransferred, datasource, chart } = state;
  const invalid = Object.keys(validationErrors).length > 0;
  const loading = chart.chartStatus === 'loading';
  // A time grain means nothing for a categorical x-axis (origin, carrier): the panel leaves it out.
  const xAxis = datasource?.columns.find((c) => c.column_name === formData.x_axis);
  const grainless = 'x_axis' in formData && xAxis !== undefined && !isTemporalColumn(xAxis);
  return (
    <section className="explore-controls" aria-label="Chart controls">
      <VizTypePicker value={formData.viz_type} onChange={explore.changeVizType} />
      {vizPanel(formData.viz_type).map((section) => {
        const shown = section.controls.filter((name) => {
          const def = controlDef(name);
          if (name === 'time_grain_sqla' && grainless) return false;
          return def && !def.hiddenWhen?.(formData);
        });
        if (shown.length === 0) return null;
        return (
          <fieldset key={section.label} className="explore-section">
            <legend>{section.label}</legend>
            {shown.map((name) => (
              <Control
                key={name}
                name={name}
                value={formData[name]}
                errors={validationErrors[name] ?? []}
                transferred={controlsTransferred.includes(name)}
                datasource={datasource}
                newId={explore.context.newId}
                onChange={explore.setControl}
              />
            ))}
          </fieldset>
        );
      })}
      <div className="explore-run">
        {loading ? (
          <button type="button" className="danger" onClick={explore.stop}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={invalid || !datasource}
            onClick={() => explore.runQuery()}
          >
            {chart.chartStatus === null ? 'Create chart' : 'Update chart'}
          </button>
        )}
        {state.stale && !loading && chart.chartStatus !== null && (
          <span className="muted">Controls changed: update the chart to see them.</span>
        )}
      </div>
    </section>
  );
}
