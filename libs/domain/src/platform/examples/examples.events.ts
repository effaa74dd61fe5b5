import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/** GET /api/v1/examples/status: how far the example data has loaded. */
export interface ExamplesStatus {
  state: 'loading' | 'ready' | 'failed';
  /** Why loading failed. */
  error?: string;
  /** expected_rows is null until the table's source has been read. */
  tables: { name: string; rows: number; expected_rows: number | null; loaded: boolean }[];
}

export const EXAMPLES_STATUS_LOADED = 'examples/statusLoaded' as const;
export const EXAMPLES_STATUS_FAILED = 'examples/statusFailed' as const;

export type ExamplesEvent =
  | EventLike<typeof EXAMPLES_STATUS_LOADED, { status: ExamplesStatus }>
  | EventLike<typeof EXAMPLES_STATUS_FAILED, { message: string }>;

export interface ExamplesState {
  status: ExamplesStatus | null;
  error: string | null;
}

export const examplesFold = {
  initialState: (): ExamplesState => ({ status: null, error: null }),
  evolve(state: ExamplesState, event: ExamplesEvent): ExamplesState {
    switch (event.type) {
      case EXAMPLES_STATUS_LOADED:
        return { status: event.data.status, error: null };
      case EXAMPLES_STATUS_FAILED:
        return { ...state, error: event.data.message };
      default:
        return unchanged(event, state);
    }
  },
};

/** Whether loading is over (done or given up): then there is nothing more to refresh. */
export function examplesSettled(status: ExamplesStatus): boolean {
  return status.state !== 'loading';
}
