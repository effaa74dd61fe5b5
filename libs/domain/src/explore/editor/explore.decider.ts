import type { Decider } from '@strata/events';
import type { ExploreCommand } from './explore.commands';
import { decideExplore } from './explore.decide';
import type { ExploreEvent } from './explore.events';
import { evolveExplore } from './explore.evolve';
import { initialExploreState, type ExploreState } from './model';

/** Explore's chart editor, folded by the client's store (undo/redo, time travel). */
export const exploreDecider: Decider<ExploreState, ExploreEvent, ExploreCommand> = {
  initialState: initialExploreState,
  decide: decideExplore,
  evolve: evolveExplore,
};
