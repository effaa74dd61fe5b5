import { TIME_GRAINS } from '../time-grains';
import type { Choice } from './control-defs';

/** charts-dashboards-reports §9 Time granularity choices (the grains of time-grains.ts), plus the column's original value. */
export const TIME_GRAIN_CHOICES: readonly Choice[] = [
  [null, 'Original value'],
  ...TIME_GRAINS.map((g): Choice => [g.grain, g.label]),
];
