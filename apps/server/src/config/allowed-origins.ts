/**
 * ALLOWED_ORIGINS: the pages, besides the server's own host, that may open a socket to it (realtime
 * gateway, realtime/origin-check.ts), e.g. a Vite dev server on another port or a front proxy with its
 * own name. Comma-separated origins: scheme, host and optional port, nothing else.
 */
export function parseAllowedOrigins(raw: string | undefined): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | null;
    try {
      url = new URL(item);
    } catch {
      url = null;
    }
    const bare =
      url !== null &&
      ['http:', 'https:'].includes(url.protocol) &&
      url.username === '' &&
      url.password === '' &&
      url.origin === item.replace(/\/$/, '').toLowerCase();
    if (!bare)
      problems.push(
        `ALLOWED_ORIGINS: '${item}' is not an origin; use scheme://host[:port], e.g. https://bi.example.com or http://localhost:5173.`,
      );
    else origins.push(url!.origin);
  }
  return { origins, problems };
}
