/**
 * A report to a webhook, as Superset's WebhookNotification posts it: the JSON `{name, header:
 * {notification_format, notification_type, notification_source, chart_id, dashboard_id}, text,
 * description, url}` (plus Strata's `state`, the run's state); with files, the same fields as a
 * multipart form (objects JSON-encoded) and each file under `files` (report.csv, report.xlsx,
 * report.pdf, screenshot_<i>.png). Redirects are not followed. The whole POST has the configured
 * timeout; a non-2xx answer is a DeliveryError with the status.
 */
import { DeliveryError } from './delivery-error';

export interface WebhookReport {
  name: string;
  description?: string | null;
  /** The chart or dashboard. */
  url: string;
  /** 'Report' | 'Alert'. */
  type: string;
  /** PNG, PDF, CSV, XLSX, TEXT. */
  format: string;
  source: 'chart' | 'dashboard';
  chartId: number | null;
  dashboardId: number | null;
  /** The run's state as the execution log says it ('Success', 'Error'...). */
  state: string;
  /** An error notice's message; Superset sends no detail, only that there is one. */
  error?: string | null;
  files?: { filename: string; contentType: string; content: Buffer }[];
}

export function webhookPayload(r: WebhookReport) {
  return {
    name: r.name,
    header: {
      notification_format: r.format,
      notification_type: r.type,
      notification_source: r.source,
      chart_id: r.chartId,
      dashboard_id: r.dashboardId,
    },
    // Superset keeps error details out of what the target receives (they stay in the execution log).
    text: r.error ? 'Contact the report owner for error details.' : null,
    description: r.description ?? null,
    url: r.url,
    state: r.state,
  };
}

function body(r: WebhookReport): { body: string | FormData; headers: Record<string, string> } {
  const payload = webhookPayload(r);
  if (!r.files?.length) return { body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
  const form = new FormData();
  for (const [key, value] of Object.entries(payload))
    if (value !== null) form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  for (const f of r.files)
    form.append('files', new Blob([new Uint8Array(f.content)], { type: f.contentType }), f.filename);
  return { body: form, headers: {} };
}

/** POSTs the report; resolves with the 2xx status. */
export async function postWebhook(url: string, report: WebhookReport, timeoutMs: number): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      ...body(report),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const e = error as Error;
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    const reason = timedOut
      ? `no answer within ${timeoutMs} ms`
      : ((e.cause as Error | undefined)?.message ?? e.message);
    throw new DeliveryError(`Webhook failed: ${reason}`, true);
  }
  // The body is not read into the error: the target would choose what the execution log shows.
  await response.body?.cancel();
  if (response.status >= 200 && response.status < 300) return response.status;
  const transient = response.status >= 500 || response.status === 429;
  throw new DeliveryError(`Webhook failed with status code ${response.status}`, transient, response.status);
}
