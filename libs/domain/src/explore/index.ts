/** The Explore context: controls, the chart query (time ranges, grains, query context) and post-processing. */
export * from './controls';
export * from './time-range';
export * from './time-grains';
export * from './post-processing';
export * from './query-context';
export * from './editor';
export * from './permalinks';
export * from './form-data';
export * from './side';
export * from './chart-list';
export * from './annotations';
export * from './drill';
