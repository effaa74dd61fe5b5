/**
 * Whether an alert's value triggers it (Superset's AlertCommand, REFERENCE.md §4.2). The server runs the
 * SQL and hands over the first row's value as a number, or null when it was NULL or there was no row.
 */
import type { AlertValidator } from './report.fields';

export function alertTriggered(validator: AlertValidator, value: number | null): boolean {
  switch (validator.type) {
    // "not null" means a value worth telling: NULL, zero and NaN are not.
    case 'not null':
      return value !== null && value !== 0 && !Number.isNaN(value);
    case 'operator': {
      // As Superset: a NULL result compares as 0.
      const v = value === null || Number.isNaN(value) ? 0 : value;
      const t = validator.threshold;
      switch (validator.op) {
        case '<':
          return v < t;
        case '<=':
          return v <= t;
        case '>':
          return v > t;
        case '>=':
          return v >= t;
        case '==':
          return v === t;
        case '!=':
          return v !== t;
        default: {
          const unknown: never = validator.op;
          return unknown;
        }
      }
    }
    default: {
      const unknown: never = validator;
      return unknown;
    }
  }
}
