/**
 * Time grain expressions per dialect (ISO-8601 durations, REFERENCE §2.1 `time_grain_sqla`), from PT1S to
 * P1Y. `{col}` is replaced by the column's compiled expression. Weeks start on Monday on both dialects, so
 * the same chart gives the same buckets on PostgreSQL and MySQL.
 */
import { TIME_GRAINS, type TimeGrain } from '@strata/domain';
import type { Backend } from '../../engines/query-engine';

/** Every grain of the domain's TIME_GRAINS, per dialect: the compiler checks none is missing. */
type GrainTemplates = Record<TimeGrain, string>;

const POSTGRES: GrainTemplates = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: "DATE_TRUNC('minute', {col}) + INTERVAL '5 seconds' * FLOOR(EXTRACT(SECOND FROM {col}) / 5)",
  PT30S: "DATE_TRUNC('minute', {col}) + INTERVAL '30 seconds' * FLOOR(EXTRACT(SECOND FROM {col}) / 30)",
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: "DATE_TRUNC('hour', {col}) + INTERVAL '5 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 5)",
  PT10M: "DATE_TRUNC('hour', {col}) + INTERVAL '10 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 10)",
  PT15M: "DATE_TRUNC('hour', {col}) + INTERVAL '15 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 15)",
  PT30M: "DATE_TRUNC('hour', {col}) + INTERVAL '30 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 30)",
  'PT0.5H': "DATE_TRUNC('hour', {col}) + INTERVAL '30 minutes' * FLOOR(EXTRACT(MINUTE FROM {col}) / 30)",
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: "DATE_TRUNC('day', {col}) + INTERVAL '6 hours' * FLOOR(EXTRACT(HOUR FROM {col}) / 6)",
  P1D: "DATE_TRUNC('day', {col})",
  P1W: "DATE_TRUNC('week', {col})",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
  // Weeks starting on Sunday / ending on Saturday, as the usual BI tools offer them.
  '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
  'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
  '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
  'P1W/1970-01-04T00:00:00Z': "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
};

const MYSQL: GrainTemplates = {
  PT1S: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 3600 + MINUTE({col}) * 60 + SECOND({col})) SECOND)',
  PT5S: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 3600 + MINUTE({col}) * 60 + FLOOR(SECOND({col}) / 5) * 5) SECOND)',
  PT30S:
    'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 3600 + MINUTE({col}) * 60 + FLOOR(SECOND({col}) / 30) * 30) SECOND)',
  PT1M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + MINUTE({col})) MINUTE)',
  PT5M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + FLOOR(MINUTE({col}) / 5) * 5) MINUTE)',
  PT10M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + FLOOR(MINUTE({col}) / 10) * 10) MINUTE)',
  PT15M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + FLOOR(MINUTE({col}) / 15) * 15) MINUTE)',
  PT30M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + FLOOR(MINUTE({col}) / 30) * 30) MINUTE)',
  'PT0.5H': 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + FLOOR(MINUTE({col}) / 30) * 30) MINUTE)',
  PT1H: 'DATE_ADD(DATE({col}), INTERVAL HOUR({col}) HOUR)',
  PT6H: 'DATE_ADD(DATE({col}), INTERVAL FLOOR(HOUR({col}) / 6) * 6 HOUR)',
  P1D: 'DATE({col})',
  P1W: 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
  P1M: 'DATE(DATE_SUB({col}, INTERVAL DAYOFMONTH({col}) - 1 DAY))',
  P3M: 'MAKEDATE(YEAR({col}), 1) + INTERVAL QUARTER({col}) QUARTER - INTERVAL 1 QUARTER',
  P1Y: 'DATE(DATE_SUB({col}, INTERVAL DAYOFYEAR({col}) - 1 DAY))',
  '1969-12-28T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL DAYOFWEEK({col}) - 1 DAY))',
  'P1W/1970-01-03T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL 7 - DAYOFWEEK({col}) DAY))',
  '1969-12-29T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
  'P1W/1970-01-04T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL 6 - WEEKDAY({col}) DAY))',
};

const GRAINS: Record<Backend, GrainTemplates> = { postgresql: POSTGRES, mysql: MYSQL };

/** `result_type: timegrains` (REFERENCE §2.2): the domain's grains with this dialect's SQL. */
export function supportedGrains(backend: Backend): { name: string; function: string; duration: string }[] {
  return TIME_GRAINS.map((g) => ({ name: g.label, function: GRAINS[backend][g.grain], duration: g.grain }));
}

/** The grain's template, or null when it is not a grain of the domain's list. */
export function grainTemplate(backend: Backend, grain: string): string | null {
  return (GRAINS[backend] as Record<string, string>)[grain] ?? null;
}
