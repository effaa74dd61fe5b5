/**
 * The chart being built lives under a `form_data_key` in the address (issue 16 item 1, as Superset keeps
 * it): the first change after an open stores the form (`POST /api/v1/explore/form_data` -> {key}) and
 * the page puts the key in its address; later changes keep that key current (`PUT`, after a quiet time).
 * A reload, back or forward then opens the address's key and shows the chart again. The keeping itself
 * is shared with the dashboard's native_filters_key (shared/keyed-state).
 */
import { keyedStateSync, type KeyedStateSync } from '../../../shared/keyed-state/keyed-state-sync';
import type { FormDataBody } from '../api/explore-api';
import type { ExploreFeature } from '../explore.feature';

/** How long the form must stay unchanged before it is sent (a slider drag or typing is one send). */
export const FORM_DATA_QUIET_MS = 400;

export type FormDataKeySync = KeyedStateSync;

type Explore = Pick<ExploreFeature, 'store' | 'side' | 'api'>;

/** What a key holds for the form shown, or null when there is nothing to keep (no dataset, a past view). */
function bodyOf(explore: Explore): FormDataBody | null {
  const { datasource, formData, slice } = explore.store.getState();
  if (!datasource || explore.side.getState().pastView) return null;
  return {
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    chart_id: slice?.slice_id ?? null,
    form_data: JSON.stringify({ ...formData, datasource: `${datasource.id}__${datasource.type}` }),
  };
}

/**
 * `onKey(key, body)`: a new key now holds the form; the page names it in its address. Called only for
 * the open it was made in (an open since then has its own address).
 */
export function formDataKeySync(
  explore: Explore,
  onKey: (key: string, body: FormDataBody) => void,
  quietMs = FORM_DATA_QUIET_MS,
): FormDataKeySync {
  return keyedStateSync<FormDataBody>(
    {
      changes$: explore.store.liveState$,
      body: () => bodyOf(explore),
      text: (body) => body.form_data,
      opening: () => explore.side.getState().opening !== null,
      create: (body) => explore.api.createFormData(body),
      update: (key, body, keepalive) => explore.api.updateFormData(key, body, keepalive),
    },
    onKey,
    quietMs,
  );
}
