export {
  type DataFrame,
  type PostProcessingRule,
  PostProcessingError,
  PostProcessingMessages,
  FLAT_COLUMN_SEPARATOR,
  flattenLevels,
} from './data-frame';
export { applyPostProcessing, POST_PROCESSING_OPERATIONS, UNSUPPORTED_OPERATIONS } from './apply';
export { NULL_STRING } from './pivot';
export { ROLLING_FUNCTIONS } from './window';
export { TIME_COMPARISON_SEPARATOR, COMPARE_TYPES, type CompareType } from './compare';
export { MAX_HISTOGRAM_BINS } from './distribution';
