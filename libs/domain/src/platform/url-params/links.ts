/** sqllab-and-platform §2: the URL hash is read without its leading '#' (an anchor like '#CHART-abc' names 'CHART-abc'). */
export function readHash(hash: string): string {
  return hash.startsWith('#') ? hash.slice(1) : hash;
}

// 'host:8080/x' looks like a scheme too; only 'scheme://' and the usual hostless schemes count as one.
const SCHEME = /^([a-z][a-z\d+.-]*:\/\/|(mailto|tel|sms):)/i;
// Schemes that run code or embed content when clicked; a user-entered link must never carry them.
const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data):/i;

/**
 * sqllab-and-platform §2: links without a host become protocol-relative, so 'example.com/report' opens that site
 * instead of a path under Strata. Links with a scheme, protocol-relative links and paths of this app
 * ('/dashboard/1') are kept; a script or data link gives null (render no link).
 */
export function externalHref(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  if (UNSAFE_SCHEME.test(trimmed)) return null;
  if (SCHEME.test(trimmed) || trimmed.startsWith('//') || trimmed.startsWith('/')) return trimmed;
  return `//${trimmed}`;
}
