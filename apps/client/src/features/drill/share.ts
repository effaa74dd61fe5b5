import { absoluteUrl } from '../../shared/absolute-url';
import type { DrillApi } from './drill-api';

/** An absolute link to the chart as drawn (a new Explore permalink; needs can_share_chart). */
export async function chartPermalink(api: DrillApi, formData: Readonly<Record<string, unknown>>): Promise<string> {
  return absoluteUrl(await api.chartPermalink(formData));
}

/**
 * Superset's "Embed code": an iframe of the chart alone (`standalone=1`: no navigation, header or
 * controls) at the size given.
 */
export function embedCode(url: string, width = 600, height = 400): string {
  const src = new URL(url);
  src.searchParams.set('standalone', '1');
  src.searchParams.set('height', String(height));
  return `<iframe width="${width}" height="${height}" seamless frameBorder="0" scrolling="no" src="${src.href}"></iframe>`;
}
