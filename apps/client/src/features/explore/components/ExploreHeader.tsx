import { useEffect, useState } from 'react';
import { useObservableState } from 'observable-hooks';
import type { ExploreState } from '@strata/domain';
import type { ExploreFeature } from '../explore.feature';
import { ManageEmailReports } from '../../reports/report-modal';
import { EmbedCodeButton } from '../../drill/EmbedCodeButton';
import { useSignedInUser } from '../../reports/state/reports-context';
import { canShareChart } from '@strata/domain';

interface Props {
  explore: ExploreFeature;
  state: ExploreState;
  onSave(): void;
  onPermalink(): void;
  /** The chart as it was (?as_of=, issue 13): no rename, star, undo, permalink or Save. */
  readOnly?: boolean;
  /** UI-config bit 1 (sqllab-and-platform §2): no chart name or star; the actions stay. */
  hideTitle?: boolean;
}

/** Name, favourite star, undo/redo, permalink, downloads and Save. */
export function ExploreHeader({ explore, state, onSave, onPermalink, readOnly = false, hideTitle = false }: Props) {
  const history = useObservableState(explore.history$, { canUndo: false, canRedo: false });
  const { canAdd, canOverwrite, canDownload } = explore.permissions();
  // The name box is form input until it loses focus; then it becomes one rename (one undo step).
  const [name, setName] = useState(state.sliceName);
  useEffect(() => setName(state.sliceName), [state.sliceName]);
  const hasData = state.datasource !== null && state.chart.latestQueryFormData !== null;
  // A chart's permalink needs can_share_chart (the server refuses it too); a page without a session shows it.
  const user = useSignedInUser();
  const mayShare = !user || canShareChart(user);
  return (
    <header className="explore-header">
      {!hideTitle && (
        <>
          <input
            className="explore-header__name"
            aria-label="Chart name"
            placeholder="Add the name of the chart"
            value={name}
            readOnly={readOnly}
            onChange={(e) => setName(e.target.value)}
            onBlur={() =>
              name.trim() && name.trim() !== state.sliceName && explore.execute({ type: 'RenameSlice', data: { name } })
            }
          />
          {state.slice && (
            <button
              type="button"
              className={`explore-star${state.isStarred ? ' explore-star--on' : ''}`}
              aria-pressed={state.isStarred}
              aria-label={state.isStarred ? 'Unstar' : 'Star'}
              disabled={readOnly}
              onClick={() => void explore.toggleStar()}
            >
              {state.isStarred ? '★' : '☆'}
            </button>
          )}
        </>
      )}
      <span className="explore-header__spacer" />
      {!readOnly && (
        <>
          <button type="button" onClick={explore.undo} disabled={!history.canUndo} title="Undo (Ctrl+Z)">
            Undo
          </button>
          <button type="button" onClick={explore.redo} disabled={!history.canRedo} title="Redo (Ctrl+Shift+Z)">
            Redo
          </button>
          {mayShare && (
            <button type="button" onClick={onPermalink} disabled={!state.datasource}>
              Copy permalink
            </button>
          )}
          <EmbedCodeButton title={state.sliceName} formData={state.formData} disabled={!state.datasource} />
        </>
      )}
      {canDownload && (
        <>
          <button type="button" disabled={!hasData} onClick={() => void explore.download('csv')}>
            Download CSV
          </button>
          <button type="button" disabled={!hasData} onClick={() => void explore.download('xlsx')}>
            Download XLSX
          </button>
        </>
      )}
      {!readOnly && state.slice && (
        <ManageEmailReports
          target={{ creationMethod: 'charts', chartId: state.slice.slice_id, name: state.sliceName }}
        />
      )}
      {!readOnly && (
        <button
          type="button"
          className="primary"
          disabled={!state.datasource || (!canAdd && !canOverwrite)}
          onClick={onSave}
        >
          Save
        </button>
      )}
    </header>
  );
}
