import type { DatasourceMeta, FormData } from '../controls/types';
import type { SliceInfo } from './model';

/** Ids (queryId) and times (`at`, epoch ms) arrive on the command, never from inside the domain. */
export type ExploreCommand =
  | {
      type: 'OpenExplore';
      data: {
        datasource: DatasourceMeta | null;
        formData: Partial<FormData>;
        slice?: SliceInfo | null;
        maxRow?: number;
        isStarred?: boolean;
      };
    }
  | { type: 'SetControlValue'; data: { name: string; value: unknown } }
  /** `query`: the ids of the query that redraws a chart already drawn as the new type. */
  | { type: 'ChangeVizType'; data: { vizType: string; query?: { queryId: string; at: number } } }
  | { type: 'ChangeDatasource'; data: { datasource: DatasourceMeta } }
  | { type: 'StashFormData'; data: { fields: readonly string[] } }
  | { type: 'RestoreFormData'; data: { fields: readonly string[] } }
  | { type: 'RenameSlice'; data: { name: string } }
  | { type: 'TriggerQuery'; data: { queryId: string; at: number; force?: boolean } }
  | { type: 'RecordChartSuccess'; data: { queryId: string; queriesResponse: readonly unknown[]; at: number } }
  | { type: 'RecordChartRendered'; data: { queryId: string; at: number } }
  | { type: 'RecordChartFailure'; data: { queryId: string; message: string; stackTrace?: string | null; at: number } }
  | { type: 'StopQuery'; data: { at: number } }
  | { type: 'RecordSliceSaved'; data: { slice: SliceInfo } }
  | { type: 'FavoriteChart'; data: Record<string, never> }
  | { type: 'UnfavoriteChart'; data: Record<string, never> };

export type ExploreCommandType = ExploreCommand['type'];
