/**
 * A link handed to the user (a permalink copied to the clipboard) is absolute, so it opens when pasted
 * anywhere (issue 16). The server answers absolute URLs; one still relative (an older server) is made
 * absolute against the page's own origin, and an absolute one is kept as it is.
 */
export function absoluteUrl(url: string, origin: string = window.location.origin): string {
  return new URL(url, origin).href;
}
