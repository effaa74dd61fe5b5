/** charts-dashboards-reports §4 Save chart and §5 saving rules, pure: what is saved and what the user is told. */
import { formatMessage } from '../../platform/text/format';
import { ExploreMessages, NO_TIME_RANGE, SaveAction } from '../controls/constants';
import type { AdhocFilter, FormData } from '../controls/types';

const FILTER_KEYS = ['adhoc_filters', 'adhoc_filters_b'] as const;

/**
 * charts-dashboards-reports §5: filters marked extra (applied by a dashboard) are removed from saved params; a time-range
 * filter that was extra is kept with comparator 'No filter'.
 */
export function formDataForSave(formData: FormData): FormData {
  const out: Record<string, unknown> = { ...formData };
  for (const key of FILTER_KEYS) {
    const filters = formData[key];
    if (!Array.isArray(filters)) continue;
    out[key] = (filters as AdhocFilter[]).flatMap((f): AdhocFilter[] => {
      if (!f.isExtra) return [f];
      if (f.expressionType === 'SIMPLE' && f.operatorId === 'TEMPORAL_RANGE')
        return [{ ...f, comparator: NO_TIME_RANGE, isExtra: false }];
      return [];
    });
  }
  delete out.extra_filters;
  return out as FormData;
}

export interface SaveOutcome {
  action: SaveAction;
  sliceName: string;
  dashboard?: { title: string; isNew: boolean } | null;
}

/** The success toasts of a save, in the order they are shown (charts-dashboards-reports §4 Save chart). */
export function saveToasts({ action, sliceName, dashboard }: SaveOutcome): string[] {
  const toasts = [
    formatMessage(
      action === SaveAction.OVERWRITE ? ExploreMessages.CHART_OVERWRITTEN : ExploreMessages.CHART_SAVED,
      sliceName,
    ),
  ];
  if (dashboard) {
    toasts.push(
      dashboard.isNew
        ? formatMessage(ExploreMessages.DASHBOARD_CREATED_WITH_CHART, dashboard.title, sliceName)
        : formatMessage(ExploreMessages.CHART_ADDED_TO_DASHBOARD, sliceName, dashboard.title),
    );
  }
  return toasts;
}

/** charts-dashboards-reports §5: a filter key is '<chart id>_<column>', else 'Cannot parse invalid filter key'. */
export function parseFilterKey(key: string): { chartId: number; column: string } {
  const match = /^(\d+)_(.+)$/.exec(key);
  if (!match) throw new Error(ExploreMessages.INVALID_FILTER_KEY);
  return { chartId: Number(match[1]), column: match[2]! };
}
