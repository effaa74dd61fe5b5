/**
 * The one place chart data meets the Explore domain (libs/domain/src/explore): time ranges, time
 * offsets and post-processing. Chart data calls these and nothing of its own.
 */
export { applyPostProcessing, applyTimeOffset, parseTimeRange, PostProcessingError, TimeRangeError } from '@strata/domain';
