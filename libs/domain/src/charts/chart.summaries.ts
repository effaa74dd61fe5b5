import { count, defineSummaries, quote, the } from '../audit/summary';
import { vizTypeLabel } from '../explore/controls/viz-panels';
import type { ChartEvent } from './chart.events';

const chart = (objectName: string | undefined) => the('chart', objectName);

/** What each chart event says in the audit log (issue 13). */
export const chartSummaries = defineSummaries<ChartEvent>({
  context: 'charts',
  of: {
    'chart/chartCreated': (d, { who }) => `${who} created the ${vizTypeLabel(d.viz_type)} ${quote(d.slice_name)}`,
    'chart/chartRenamed': (d, { who, objectName }) => `${who} renamed ${chart(objectName)} to ${quote(d.slice_name)}`,
    'chart/vizTypeChanged': (d, { who, objectName }) =>
      `${who} changed ${chart(objectName)} into a ${vizTypeLabel(d.viz_type)}`,
    'chart/chartParamsChanged': (d, { who, objectName }) =>
      d.params === undefined
        ? `${who} refreshed the query of ${chart(objectName)}`
        : `${who} changed the settings of ${chart(objectName)}`,
    'chart/chartDescribed': (d, { who, objectName }) =>
      d.description
        ? `${who} described ${chart(objectName)}`
        : `${who} removed the description of ${chart(objectName)}`,
    'chart/cacheTimeoutChanged': (d, { who, objectName }) =>
      d.cache_timeout === null
        ? `${who} set ${chart(objectName)} to use the default cache timeout`
        : `${who} set the cache timeout of ${chart(objectName)} to ${d.cache_timeout} s`,
    'chart/chartOwnersChanged': (d, { who, objectName }) =>
      `${who} set the owners of ${chart(objectName)} (${count(d.owners.length, 'owner')})`,
    'chart/chartCertified': (d, { who, objectName }) =>
      `${who} certified ${chart(objectName)} as certified by ${quote(d.certified_by)}`,
    'chart/chartCertificationRemoved': (_d, { who, objectName }) =>
      `${who} removed the certification of ${chart(objectName)}`,
    'chart/certificationDetailsChanged': (_d, { who, objectName }) =>
      `${who} changed the certification details of ${chart(objectName)}`,
    'chart/datasourceChanged': (d, { who, objectName }) =>
      d.datasource_id === undefined
        ? `${who} changed the dataset type of ${chart(objectName)}`
        : `${who} pointed ${chart(objectName)} at dataset ${d.datasource_id}`,
    'chart/changeReverted': (_d, { who, objectName }) => `${who} reverted an earlier change of ${chart(objectName)}`,
    'chart/chartDeleted': (_d, { who, objectName }) => `${who} deleted ${chart(objectName)}`,
    'chart/favorited': (_d, { who, objectName }) => `${who} added ${chart(objectName)} to their favorites`,
    'chart/unfavorited': (_d, { who, objectName }) => `${who} removed ${chart(objectName)} from their favorites`,
  },
});
