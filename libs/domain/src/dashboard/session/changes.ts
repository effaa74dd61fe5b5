import type { LayoutEvent, LayoutEventType } from '../layout/layout.events';
import type { Layout } from '../layout/types';
import type { DraftChange } from './draft.model';

/** The component an event is about, as it was before (or, for a creation, as it is after) the event. */
export function changeOf(event: LayoutEvent, before: Layout): DraftChange {
  const actor = event.data.actor;
  switch (event.type) {
    case 'dashboard/componentCreated':
      return {
        actor,
        kind: event.type,
        componentId: event.data.component.id,
        componentType: event.data.component.type,
      };
    case 'dashboard/topLevelTabsCreated':
      return { actor, kind: event.type, componentId: event.data.tabsId, componentType: 'TABS' };
    case 'dashboard/topLevelTabsRemoved':
      return { actor, kind: event.type };
    default: {
      const target = before[event.data.id];
      return { actor, kind: event.type, componentId: event.data.id, ...(target ? { componentType: target.type } : {}) };
    }
  }
}

const VERBS: Readonly<Record<LayoutEventType, string>> = {
  'dashboard/componentCreated': 'added',
  'dashboard/componentMoved': 'moved',
  'dashboard/componentResized': 'resized',
  'dashboard/componentDeleted': 'deleted',
  'dashboard/componentTextChanged': 'renamed',
  'dashboard/markdownChanged': 'edited',
  'dashboard/headerSizeChanged': 'resized the text of',
  'dashboard/backgroundChanged': 'changed the background of',
  'dashboard/topLevelTabsCreated': 'added top-level tabs',
  'dashboard/topLevelTabsRemoved': 'removed the top-level tabs',
};

const noun = (type: string | undefined, count: number) => {
  const word = (type ?? 'component').toLowerCase();
  return count === 1 ? `1 ${word}` : `${count} ${word}${word.endsWith('s') ? '' : 's'}`;
};

/** Everyone whose edits a version holds, in order of first edit. */
export function authorsOf(changes: readonly DraftChange[], saver: string): string[] {
  const out: string[] = [];
  for (const actor of [...changes.map((c) => c.actor), saver]) if (!out.includes(actor)) out.push(actor);
  return out;
}

/**
 * "alice: added 2 charts, moved 1 row; bob: edited 1 markdown": what a version changed, per author,
 * for the version history list. The details stay in `changes`.
 */
export function summarizeChanges(changes: readonly DraftChange[]): string {
  if (changes.length === 0) return 'No layout changes';
  const byActor = new Map<string, Map<string, { verb: string; type?: string; count: number; whole: boolean }>>();
  for (const change of changes) {
    const groups = byActor.get(change.actor) ?? new Map();
    byActor.set(change.actor, groups);
    const whole = change.kind === 'dashboard/topLevelTabsCreated' || change.kind === 'dashboard/topLevelTabsRemoved';
    const key = whole ? change.kind : `${change.kind}|${change.componentType ?? ''}`;
    const group = groups.get(key) ?? { verb: VERBS[change.kind], type: change.componentType, count: 0, whole };
    group.count += 1;
    groups.set(key, group);
  }
  return [...byActor.entries()]
    .map(
      ([actor, groups]) =>
        `${actor}: ${[...groups.values()].map((g) => (g.whole ? g.verb : `${g.verb} ${noun(g.type, g.count)}`)).join(', ')}`,
    )
    .join('; ');
}
