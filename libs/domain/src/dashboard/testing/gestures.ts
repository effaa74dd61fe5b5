/**
 * Editor gestures for property specs, built from a few random numbers (the specs draw them with
 * fast-check, which the shipped library does not depend on). A gesture picks its targets among the
 * components that exist when it runs, so generated sequences are mostly valid commands, plus some that
 * name components that are gone (as after a concurrent delete).
 */
import type { LayoutCommand } from '../layout/layout.commands';
import { GRID_ID, type CreatableType, type Layout } from '../layout/types';

export type Gesture = (layout: Layout, n: number, actor: string) => LayoutCommand;

/** How many numbers a gesture is made from. */
export const GESTURE_SEED_LENGTH = 5;

const pick = (ids: readonly string[], k: number) => ids[k % Math.max(1, ids.length)] ?? GRID_ID;
const ofTypes = (l: Layout, types: readonly string[]) =>
  Object.keys(l)
    .filter((id) => types.includes(l[id]!.type))
    .sort();
const containers = (l: Layout) => ofTypes(l, ['GRID', 'TAB', 'ROW', 'COLUMN', 'TABS']);
const movable = (l: Layout) =>
  Object.keys(l)
    .filter((id) => l[id]!.parents.length > 1)
    .sort();
const CREATABLE: readonly CreatableType[] = [
  'ROW',
  'COLUMN',
  'TABS',
  'TAB',
  'HEADER',
  'MARKDOWN',
  'DIVIDER',
  'CHART',
  'CHART',
];

/** Kinds by weight: creations and moves dominate so layouts grow; tabs swaps are rare. */
const KINDS = [
  'create',
  'create',
  'create',
  'create',
  'create',
  'create',
  'create',
  'create',
  'move',
  'move',
  'move',
  'move',
  'move',
  'resize',
  'resize',
  'delete',
  'text',
  'tabs',
] as const;

export function gestureFrom(seed: readonly number[]): Gesture {
  const [k = 0, a = 0, b = 0, c = 0, d = 0] = seed;
  const kind = KINDS[k % KINDS.length]!;
  switch (kind) {
    case 'create': {
      const type = CREATABLE[a % CREATABLE.length]!;
      const width = d % 3 === 0 ? 1 + (d % 12) : undefined;
      return (l, n, actor) => ({
        type: 'CreateComponent',
        actor,
        data: {
          id: `${type}-${actor}${n}`,
          componentType: type,
          destination: { parentId: pick(containers(l), b), index: c % 7 },
          rowId: `ROW-${actor}${n}w`,
          tabId: `TAB-${actor}${n}t`,
          ...(type === 'CHART' ? { chartId: 1 + (d % 4), sliceName: `c${d % 4}` } : {}),
          ...(width ? { meta: { width } } : {}),
        },
      });
    }
    case 'move':
      return (l, n, actor) => ({
        type: 'MoveComponent',
        actor,
        data: {
          id: d % 5 === 0 ? `CHART-gone${a}` : pick(movable(l), a),
          destination: { parentId: pick(containers(l), b), index: c % 7 },
          rowId: `ROW-${actor}${n}m`,
        },
      });
    case 'resize':
      return (l, _n, actor) => ({
        type: 'ResizeComponent',
        actor,
        data: {
          id: pick(ofTypes(l, ['CHART', 'MARKDOWN', 'COLUMN']), a),
          width: b % 2 ? 1 + (c % 6) : c % 14,
          height: 3 + (d % 108),
        },
      });
    case 'delete':
      return (l, _n, actor) => ({ type: 'DeleteComponent', actor, data: { id: pick(movable(l), a) } });
    case 'text':
      return (l, _n, actor) => ({
        type: 'UpdateComponentText',
        actor,
        data: { id: pick(movable(l), a), text: `t${b % 10}` },
      });
    case 'tabs':
      return (l, n, actor): LayoutCommand =>
        l[GRID_ID]
          ? { type: 'ConvertToTopLevelTabs', actor, data: { tabsId: `TABS-${actor}${n}`, tabId: `TAB-${actor}${n}` } }
          : { type: 'RemoveTopLevelTabs', actor, data: {} };
  }
}
