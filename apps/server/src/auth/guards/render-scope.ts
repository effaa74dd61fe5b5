/**
 * What the report renderer's token opens (report-render/CONTEXT.md): the report pages read, and their
 * charts query, nothing else. A render token that leaks out of the renderer's Chromium for its few
 * minutes therefore cannot change anything: no save, no delete, no user, no SQL Lab run.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The POSTs a report page makes to draw its charts (chart data, and the client's own page-view log). */
const RENDER_POSTS = [/^\/api\/v1\/chart\/data\/?$/, /^\/api\/v1\/log\/?$/, /^\/superset\/log\/?$/];

export function renderTokenMayUse(method: string | undefined, url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0];
  if (SAFE_METHODS.has(method ?? 'GET')) return true;
  return method === 'POST' && RENDER_POSTS.some((allowed) => allowed.test(path));
}
