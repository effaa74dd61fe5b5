import { PostProcessingError, PostProcessingMessages, type DataFrame, type PostProcessingRule } from './data-frame';
import { pivot } from './pivot';
import { cum, diff, rolling } from './window';
import { resample } from './resample';
import { compare } from './compare';
import { contribution } from './contribution';
import { flatten, rename, select, sort } from './reshape';
import { aggregate, boxplot, histogram, rank } from './distribution';

type Step = (frame: DataFrame, options: Record<string, unknown> | undefined) => DataFrame;

/** REFERENCE §2.3 operations Strata computes. */
export const POST_PROCESSING_OPERATIONS: Readonly<Record<string, Step>> = {
  aggregate,
  boxplot,
  compare,
  contribution,
  cum,
  diff,
  flatten,
  histogram,
  pivot,
  rank,
  rename,
  resample,
  rolling,
  select,
  sort,
};

/**
 * Operations of Superset's list that Strata refuses by name: forecasting (prophet) and anomaly detection
 * need statistical models, the geo operations a geodesy library; no Strata chart uses them.
 */
export const UNSUPPORTED_OPERATIONS = [
  'prophet',
  'anomaly_detection',
  'geohash_encode',
  'geohash_decode',
  'geodetic_parse',
] as const;

/**
 * Applies the query object's post_processing steps in order (REFERENCE §2.3). Bad options or an unknown
 * operation throw PostProcessingError. The input frame is not modified.
 */
export function applyPostProcessing(
  frame: DataFrame,
  rules: readonly (PostProcessingRule | null | undefined)[],
): DataFrame {
  let current = frame;
  for (const rule of rules) {
    // The clients' builders leave undefined where an operator does not apply; skipping them is the contract.
    if (!rule) continue;
    if (typeof rule !== 'object' || typeof rule.operation !== 'string') {
      throw new PostProcessingError(PostProcessingMessages.UNSUPPORTED_OPERATION, JSON.stringify(rule));
    }
    if ((UNSUPPORTED_OPERATIONS as readonly string[]).includes(rule.operation)) {
      throw new PostProcessingError(PostProcessingMessages.NOT_SUPPORTED, rule.operation);
    }
    const step = Object.prototype.hasOwnProperty.call(POST_PROCESSING_OPERATIONS, rule.operation)
      ? POST_PROCESSING_OPERATIONS[rule.operation]
      : undefined;
    if (!step) throw new PostProcessingError(PostProcessingMessages.UNSUPPORTED_OPERATION, rule.operation);
    if (
      rule.options !== undefined &&
      rule.options !== null &&
      (typeof rule.options !== 'object' || Array.isArray(rule.options))
    ) {
      throw new PostProcessingError('Options of %s must be an object', rule.operation);
    }
    current = step(current, rule.options ?? undefined);
  }
  return current;
}
