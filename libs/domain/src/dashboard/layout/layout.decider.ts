import type { Decider } from '@strata/events';
import { isLayoutEvent, type LayoutEvent } from './layout.events';
import type { LayoutCommand, LayoutContext } from './layout.commands';
import { applyLayoutEvent } from './layout.apply';
import { decideLayout } from './layout.decide';
import { emptyLayout } from './factory';
import type { Layout } from './types';

/** evolve for layouts: an event that cannot apply (target gone, rule broken after an undo) changes nothing. */
export function evolveLayout(layout: Layout, event: LayoutEvent): Layout {
  if (!isLayoutEvent(event)) return layout;
  return applyLayoutEvent(layout, event) ?? layout;
}

/** The layout on its own (the draft session wraps it with versions and authorship). */
export const layoutDecider: Decider<Layout, LayoutEvent, LayoutCommand, LayoutContext | undefined> = {
  initialState: () => emptyLayout(),
  evolve: evolveLayout,
  decide: (command, layout, context) => decideLayout(command, layout, context),
};
