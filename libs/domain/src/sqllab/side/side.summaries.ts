import { quote, type SummaryMap } from '../../audit/summary';
import { reason, theTab, type SqlLabNames } from '../sqllab-names';
import type { SideEvent } from './side-events';

/** Cost estimates, datasets made from a query and the connection (sqllab-and-platform §4). */
export const sideSummaries: SummaryMap<SideEvent, SqlLabNames> = {
  'sqllab/costEstimateStarted': (d, { who, before }) =>
    `${who} asked for the cost of the query in ${theTab(before, d.queryEditorId)}`,
  'sqllab/costEstimateReturned': (d, { before }) =>
    `the cost estimate of the query in ${theTab(before, d.queryEditorId)} arrived`,
  'sqllab/costEstimateFailed': (d, { before }) =>
    `estimating the cost of the query in ${theTab(before, d.queryEditorId)} failed${reason(d.error)}`,
  'sqllab/datasetCreationStarted': (_d, { who }) => `${who} began creating a dataset from a query`,
  'sqllab/datasetCreated': (d, { who }) => `${who} created the dataset ${quote(d.datasource.name)} from a query`,
  'sqllab/datasetCreationFailed': (d) => `creating a dataset from a query failed${reason(d.error)}`,
  'sqllab/wentOffline': (_d, { who }) => `SQL Lab went offline for ${who}`,
  'sqllab/cameOnline': (_d, { who }) => `SQL Lab came back online for ${who}`,
};
