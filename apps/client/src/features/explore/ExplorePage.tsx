import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { hiddenChrome, readPageUrlParams } from '@strata/domain';
import { PastViewBanner } from '../../shared/past-view/PastViewBanner';
import { withoutAsOf } from '../../shared/past-view/past-moment';
import { useStoreState } from '../../shared/use-store-state';
import { useOnScreen } from '../timetravel/use-read-only';
import { ChartPane } from './components/ChartPane';
import { ControlPanel } from './components/ControlPanel';
import { DatasetPanel } from './components/DatasetPanel';
import { ExploreHeader } from './components/ExploreHeader';
import type { ExploreFeature } from './explore.feature';
import type { ExploreUrlParams } from './open';
import { SaveModal } from './save/SaveModal';
import { exploreUrlWithKey, useFormDataKey } from './url/use-form-data-key';
import './explore.css';

const PARAMS = [
  'slice_id',
  'datasource_id',
  'datasource_type',
  'datasource',
  'form_data_key',
  'viz_type',
  'force',
  'as_of',
] as const;

/**
 * A saved chart as it was, or the form of an unsaved one as it was kept, named by the caller instead of
 * the address (the replay, whose address is its own).
 */
export interface ExploreAt {
  /** The saved chart (for an unsaved form: the chart it edits, if any). */
  sliceId?: number;
  /** The unsaved form as its form_data key held it then (issue 13 item 4, issue 16). */
  form?: { formData: Record<string, unknown>; datasource: string };
  /** A log position or ISO time, as `?as_of=` takes it. */
  asOf: string;
  /** False: the chart's data is not queried; the chart pane says its results are not kept. */
  queries: boolean;
}

/**
 * /explore/ (charts-dashboards-reports §2): opens what the URL names (a saved chart, a dataset, a stored form, a permalink
 * at /explore/p/{key}/), then the dataset, the controls and the chart side by side. With `at`, it opens
 * that chart as it was instead, whatever the address says.
 */
export function ExplorePage({ explore, userName, at }: { explore: ExploreFeature; userName: string; at?: ExploreAt }) {
  const state = useStoreState(explore.store.state$);
  const { opening, pastView } = useStoreState(explore.side.state$);
  // The saved chart's stream goes into a time-travel bug report while it is on screen (issue 13).
  useOnScreen(state.slice ? [`chart:${state.slice.slice_id}`] : []);
  const [search] = useSearchParams();
  const { key } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The URL last opened: a save moves the URL to the saved chart without opening it again.
  const opened = useRef<string | null>(null);

  const { sliceId, asOf, queries, form } = at ?? {};
  const searchNow = useRef(location.search);
  searchNow.current = location.search;
  // The chart being built is kept under a form_data_key named in the address (issue 16): reload, back and forward reopen it.
  const formDataKey = useFormDataKey(explore, at === undefined, (newKey, body) => {
    const url = exploreUrlWithKey(searchNow.current, newKey, body);
    opened.current = url;
    navigate(url, { replace: true });
  });
  useEffect(() => {
    if (form && asOf !== undefined) {
      // The unsaved form of then (the replay): each step its own open.
      const id = `form ${sliceId ?? ''} as of ${asOf}: ${JSON.stringify(form)}`;
      if (opened.current === id) return;
      opened.current = id;
      void explore.open(
        { slice_id: sliceId === undefined ? null : String(sliceId), datasource: form.datasource, as_of: asOf },
        { queries: queries ?? true, formData: form.formData },
      );
      return;
    }
    if (sliceId !== undefined && asOf !== undefined) {
      // Each new position (the replay stepping on) is a new open of the chart as it was then.
      const id = `chart ${sliceId} as of ${asOf}${queries ? '' : ' without queries'}`;
      if (opened.current === id) return;
      opened.current = id;
      void explore.open({ slice_id: String(sliceId), as_of: asOf }, { queries: queries ?? true });
      return;
    }
    const params: ExploreUrlParams = { permalink_key: key ?? null };
    for (const name of PARAMS) params[name] = search.get(name);
    const id = `${location.pathname}?${search.toString()}`;
    if (opened.current === id) return;
    opened.current = id;
    formDataKey.current?.opened(params.form_data_key ?? null);
    void explore.open(params);
  }, [explore, search, key, location.pathname, sliceId, asOf, queries, form, formDataKey]);

  // Ctrl+Z / Ctrl+Shift+Z undo and redo control changes, unless a text box is taking the keys.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      // The chart as it was is read-only: nothing to undo there.
      if (explore.side.getState().pastView) return;
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      e.preventDefault();
      if (e.shiftKey) explore.redo();
      else explore.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [explore]);

  const onSaved = (id: number) => {
    const url = `/explore/?slice_id=${id}`;
    opened.current = `/explore/?slice_id=${id}`;
    formDataKey.current?.opened(null);
    navigate(url, { replace: false });
  };
  const onPermalink = () => {
    const pairs = [...search.entries()].filter(([k]) => k !== 'form_data_key') as [string, string][];
    void explore.copyPermalink(pairs);
  };

  // charts-dashboards-reports §2: a standalone chart (embedded, or a report's screenshot at standalone=3) is the chart alone.
  const pageParams = readPageUrlParams(location.search);
  if (pageParams.standalone > 0)
    return (
      <div className="explore explore--standalone">
        <ChartPane explore={explore} state={state} bare />
      </div>
    );

  // sqllab-and-platform §2 UI-config bits: 1 hides the title, 8 the chart controls (4, the navigation, is AppFrame's;
  // 2, tabs, is the dashboard's: Explore has none).
  const { hideTitle, hideChartControls } = hiddenChrome(pageParams);
  return (
    <div className="explore">
      {opening && (
        <div className="explore-opening" role="status">
          Loading chart…
        </div>
      )}
      {pastView && (
        <PastViewBanner
          asOf={pastView.asOf}
          nowHref={
            sliceId !== undefined ? `/explore/?slice_id=${sliceId}` : withoutAsOf(location.pathname, location.search)
          }
          queries={pastView.queries}
        />
      )}
      <ExploreHeader
        explore={explore}
        state={state}
        onSave={() => void explore.openSaveModal(userName)}
        onPermalink={onPermalink}
        readOnly={pastView !== null}
        hideTitle={hideTitle}
      />
      <div className={`explore-body${hideChartControls ? ' explore-body--chart-only' : ''}`}>
        {/* The chart as it was (?as_of=): its dataset and controls are shown, disabled; the chart is drawn unless no query may run. */}
        {!hideChartControls && (
          <fieldset className="explore-past-controls" disabled={pastView !== null}>
            <DatasetPanel explore={explore} datasource={state.datasource} />
            <ControlPanel explore={explore} state={state} />
          </fieldset>
        )}
        <ChartPane explore={explore} state={state} queries={pastView?.queries !== false} />
      </div>
      <SaveModal key={state.slice?.slice_id ?? 'new'} explore={explore} state={state} onSaved={onSaved} />
    </div>
  );
}
