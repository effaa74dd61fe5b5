/** sqllab-and-platform §2 Tabs and §9: how tabs are named. */

/** sqllab-and-platform §9 New-tab prefix. */
export const NEW_TAB_PREFIX = 'Untitled Query ';
/** sqllab-and-platform §2: the name the server keeps for a tab saved without one. */
export const DEFAULT_PERSISTED_TAB_NAME = 'Untitled query';
/** sqllab-and-platform §4 Tabs: the name of a cloned tab. */
export const CLONED_TAB_NAME = 'Copy of %s';

const UNTITLED = /^Untitled Query (\d+)$/;

/** N of an 'Untitled Query N' name, or null for any other name. */
export function untitledNumber(name: string): number | null {
  const match = UNTITLED.exec(name);
  return match ? Number(match[1]) : null;
}

/** sqllab-and-platform §2: 'Untitled Query N', N one above the highest number existing tabs of that name use. */
export function nextUntitledName(existingNames: readonly string[]): string {
  const highest = existingNames.reduce((max, name) => Math.max(max, untitledNumber(name) ?? 0), 0);
  return `${NEW_TAB_PREFIX}${highest + 1}`;
}

export function clonedTabName(name: string): string {
  return CLONED_TAB_NAME.replace('%s', name);
}
