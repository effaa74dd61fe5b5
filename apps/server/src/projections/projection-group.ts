/**
 * One read model kept in several tables, each a fold of its own (`charts` and `chart_favorites`), under the
 * one name the store rebuilds it by: `rebuild('charts')` empties and replays every table of the group, so
 * a deleted chart's favourites cannot outlive a rebuild of the charts.
 */
import type { Projection } from '../event-store/event-store.port';

export function projectionGroup(name: string, parts: readonly Projection[]): Projection {
  return {
    name,
    handles: [...new Set(parts.flatMap((part) => part.handles))],
    apply: async (tx, event) => {
      for (const part of parts) if (part.handles.includes(event.type)) await part.apply(tx, event);
    },
    reset: async (tx) => {
      for (const part of [...parts].reverse()) await part.reset(tx);
    },
  };
}
