/**
 * `%s` substitution for the spec's message templates ('Value cannot exceed %s'). Kept as a tiny pure
 * function so the same template text can later be handed to a translation catalogue unchanged.
 * Extra placeholders stay visible ('%s') instead of printing 'undefined', so a missing argument is
 * noticed in the UI rather than hidden.
 */
export function formatMessage(template: string, ...args: readonly unknown[]): string {
  let next = 0;
  return template.replace(/%s/g, (placeholder) => (next < args.length ? String(args[next++]) : placeholder));
}
