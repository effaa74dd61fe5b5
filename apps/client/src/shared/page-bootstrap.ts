/** The element the server puts data for the page in, when a form post asked for it (server common/spa.ts). */
export const PAGE_BOOTSTRAP_ID = 'strata-bootstrap';

let data: Record<string, unknown> | null = null;

function read(doc: Document): Record<string, unknown> {
  if (data) return data;
  const element = doc.getElementById(PAGE_BOOTSTRAP_ID);
  if (!element) return {};
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as unknown;
    data = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    data = {};
  }
  return data;
}

/**
 * One entry of the data the server put in the page. It stays the same on every render until the
 * page has acted on it and forgets it, so a later visit to the same route does not act again.
 */
export function pageBootstrap(name: string, doc: Document = document): unknown {
  return read(doc)[name];
}

export function forgetPageBootstrap(name: string): void {
  if (data) delete data[name];
}
