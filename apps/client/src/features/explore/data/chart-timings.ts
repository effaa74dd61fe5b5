/**
 * Explore's timings for the user log (sqllab-and-platform §7): load_chart (the chart data request) and
 * render_chart (its data to the chart drawn). A saved chart is their source (slice_id in the log URL);
 * an unsaved one is Explore's.
 */
import { UserLogSource, UserLogTiming, type ExploreEvent, type ExploreState } from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { chartDataFacts, type TimingMark } from '../../userlog/timings';

export function exploreTimingMark(event: EnvelopeOf<ExploreEvent>, state: ExploreState): TimingMark | null {
  const { slice } = state;
  const source = slice
    ? {
        source: UserLogSource.CHART,
        source_id: slice.slice_id,
        slice_id: slice.slice_id,
        target_name: slice.slice_name,
      }
    : { source: UserLogSource.EXPLORE };
  switch (event.type) {
    case 'explore/queryTriggered':
      return { kind: 'start', key: event.data.queryId };
    case 'explore/chartLoaded':
      return {
        kind: 'lap',
        key: event.data.queryId,
        entry: () => ({
          event_name: UserLogTiming.LOAD_CHART,
          ...source,
          ...chartDataFacts(event.data.queriesResponse),
        }),
      };
    case 'explore/chartRendered': {
      const vizType = state.formData.viz_type;
      return {
        kind: 'end',
        key: event.data.queryId,
        entry: () => ({
          event_name: UserLogTiming.RENDER_CHART,
          ...source,
          viz_type: typeof vizType === 'string' ? vizType : null,
        }),
      };
    }
    case 'explore/chartFailed':
    case 'explore/chartStopped':
      return { kind: 'drop', key: event.data.queryId };
    default:
      return null;
  }
}
