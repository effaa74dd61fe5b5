import type { MutableRefObject } from 'react';
import { useKeyedStateSync } from '../../../shared/keyed-state/use-keyed-state-sync';
import type { FormDataBody } from '../api/explore-api';
import type { ExploreFeature } from '../explore.feature';
import { formDataKeySync, type FormDataKeySync } from './form-data-key';

/** The address parameters a form data key replaces: the key names the chart (Superset's explore URL). */
const NAMED_BY_KEY = [
  'form_data_key',
  'slice_id',
  'datasource',
  'datasource_id',
  'datasource_type',
  'viz_type',
  'as_of',
];

/** `/explore/?form_data_key=<key>&slice_id=<id>` (a saved chart) or `&datasource=<id>__<type>`, other parameters kept. */
export function exploreUrlWithKey(search: string, key: string, body: FormDataBody): string {
  const params = new URLSearchParams(search);
  for (const name of NAMED_BY_KEY) params.delete(name);
  const next = new URLSearchParams({ form_data_key: key });
  if (body.chart_id) next.set('slice_id', String(body.chart_id));
  else next.set('datasource', `${body.datasource_id}__${body.datasource_type}`);
  for (const [name, value] of params) next.append(name, value);
  return `/explore/?${next.toString()}`;
}

/**
 * The page's form data key (url/form-data-key.ts) while it shows the live Explore (`enabled`): `onKey`
 * moves the address to a new key; leaving the page or the browser tab sends the last change at once.
 */
export function useFormDataKey(
  explore: ExploreFeature,
  enabled: boolean,
  onKey: (key: string, body: FormDataBody) => void,
): MutableRefObject<FormDataKeySync | null> {
  return useKeyedStateSync(explore, enabled, formDataKeySync, onKey);
}
