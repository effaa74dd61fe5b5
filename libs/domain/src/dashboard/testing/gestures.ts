/**
 * Editor gestures for property specs, built from a few random numbers (the specs draw them with
 * fast-check, which the shipped library does not depend on). A gesture picks its targets among the
 * components of the layout it is given, so generated sequences are mostly valid commands. Every
 * destination is drawn, the root included (where only tabs may go, as top-level tabs), and every
 * component is a target of moves, deletes and edits, the reserved ones too (ROOT, GRID, the title
 * holder, the top-level tabs). Some gestures name components that are gone (as after a concurrent
 * delete), and text edits carry a base that may be stale (as when someone else typed meanwhile).
 */
import type { LayoutCommand } from '../layout/layout.commands';
import { depthOf, isValidChild, shouldWrapInRow } from '../layout/nesting';
import {
  BACKGROUNDS,
  GRID_ID,
  HEADER_SIZES,
  ROOT_ID,
  type ComponentType,
  type CreatableType,
  type Layout,
} from '../layout/types';

export type Gesture = (layout: Layout, n: number, actor: string) => LayoutCommand;

/** How many numbers a gesture is made from. */
export const GESTURE_SEED_LENGTH = 5;

/** Ids no layout holds: what a gesture names after someone else deleted it. */
const GONE = ['CHART-gone', 'ROW-gone', 'TAB-gone'];

const pick = (ids: readonly string[], k: number) => ids[k % Math.max(1, ids.length)] ?? GRID_ID;
const ofTypes = (l: Layout, types: readonly ComponentType[]) =>
  Object.keys(l)
    .filter((id) => types.includes(l[id]!.type))
    .sort();
const CONTAINERS: readonly ComponentType[] = ['ROOT', 'GRID', 'TABS', 'TAB', 'ROW', 'COLUMN'];
const containers = (l: Layout) => ofTypes(l, CONTAINERS);
const all = (l: Layout) => Object.keys(l).sort();
/** Mostly a component of the layout, once in a while one that is gone. */
const target = (ids: readonly string[], k: number, gone: number) => (gone % 7 === 0 ? pick(GONE, k) : pick(ids, k));
const parentOf = (l: Layout, id: string) => l[id]?.parents[l[id]!.parents.length - 1] ?? ROOT_ID;
/** The containers the nesting rules let `type` into (wrapped in a row where it would be), outside `id` itself. */
const accepting = (l: Layout, type: ComponentType, id?: string) =>
  containers(l).filter((c) => {
    const into = l[c]!;
    if (id !== undefined && (c === id || into.parents.includes(id))) return false;
    return isValidChild(into.type, shouldWrapInRow(into.type, type) ? 'ROW' : type, depthOf(l, c));
  });
/** Half the drops go where the rules allow (so layouts grow deep), half anywhere (so refusals are tried). */
const destination = (l: Layout, type: ComponentType | undefined, k: number, id?: string) => {
  const allowed = type && k % 2 === 0 ? accepting(l, type, id) : [];
  return pick(allowed.length > 0 ? allowed : containers(l), k >> 1);
};

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
  ...Array<'create'>(8).fill('create'),
  ...Array<'move'>(5).fill('move'),
  'resize',
  'resize',
  ...Array<'delete'>(3).fill('delete'),
  'text',
  'text',
  'markdown',
  'markdown',
  'style',
  'tabs',
] as const;

/** The text an edit started from: none (an API writer), the current one, or one someone else has since changed. */
function base(current: string | undefined, k: number): { base?: string } {
  if (k % 3 === 0) return {};
  return { base: k % 3 === 1 ? (current ?? '') : `stale${k % 4}` };
}

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
          destination: { parentId: d % 7 === 3 ? pick(GONE, b) : destination(l, type, b), index: c % 7 },
          rowId: `ROW-${actor}${n}w`,
          tabId: `TAB-${actor}${n}t`,
          ...(type === 'CHART' ? { chartId: 1 + (d % 4), sliceName: `c${d % 4}` } : {}),
          ...(width ? { meta: { width } } : {}),
        },
      });
    }
    case 'move':
      return (l, n, actor) => {
        const movable = Object.keys(l)
          .filter((i) => l[i]!.parents.length > 1)
          .sort();
        // Mostly what a user can drag; sometimes the root, the grid, the title holder or something gone.
        const id = d % 3 === 0 ? target(all(l), a, d) : pick(movable, a);
        // Where the mover saw it: mostly right, sometimes a place it has since left.
        const source = d % 4 === 1 ? { source: { parentId: d % 8 === 1 ? GRID_ID : parentOf(l, id), index: 0 } } : {};
        return {
          type: 'MoveComponent',
          actor,
          data: {
            id,
            ...source,
            destination: { parentId: destination(l, l[id]?.type, b, id), index: c % 7 },
            rowId: `ROW-${actor}${n}m`,
          },
        };
      };
    case 'resize':
      return (l, _n, actor) => ({
        type: 'ResizeComponent',
        actor,
        data: {
          id: d % 9 === 0 ? pick(all(l), a) : pick(ofTypes(l, ['CHART', 'MARKDOWN', 'COLUMN']), a),
          width: b % 2 ? 1 + (c % 6) : c % 14,
          height: 3 + (d % 108),
        },
      });
    case 'delete':
      return (l, _n, actor) => ({ type: 'DeleteComponent', actor, data: { id: target(all(l), a, d) } });
    case 'text':
      return (l, _n, actor) => {
        const id = d % 5 === 0 ? target(all(l), a, d) : pick(ofTypes(l, ['HEADER', 'TAB']), a);
        const baseText = base(l[id]?.meta.text, c).base;
        return {
          type: 'UpdateComponentText',
          actor,
          data: { id, text: `t${b % 10}`, ...(baseText !== undefined ? { baseText } : {}) },
        };
      };
    case 'markdown':
      return (l, _n, actor) => {
        const id = d % 5 === 0 ? target(all(l), a, d) : pick(ofTypes(l, ['MARKDOWN']), a);
        const baseCode = base(l[id]?.meta.code, c).base;
        return {
          type: 'UpdateMarkdown',
          actor,
          data: { id, code: `# m${b % 10}`, ...(baseCode !== undefined ? { baseCode } : {}) },
        };
      };
    case 'style':
      return (l, _n, actor) => {
        const id = pick(ofTypes(l, ['HEADER', 'ROW', 'COLUMN', 'GRID']), a);
        return c % 2
          ? { type: 'SetHeaderSize', actor, data: { id, headerSize: HEADER_SIZES[b % HEADER_SIZES.length]! } }
          : { type: 'SetBackground', actor, data: { id, background: BACKGROUNDS[b % BACKGROUNDS.length]! } };
      };
    case 'tabs':
      return (l, n, actor): LayoutCommand =>
        l[GRID_ID]
          ? { type: 'ConvertToTopLevelTabs', actor, data: { tabsId: `TABS-${actor}${n}`, tabId: `TAB-${actor}${n}` } }
          : { type: 'RemoveTopLevelTabs', actor, data: {} };
  }
}
