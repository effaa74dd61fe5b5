import { formatMessage } from '../text/format';

/**
 * sqllab-and-platform §5 Control validation. A validator returns the message to show under the control, or null when
 * the value is acceptable. Messages are fragments: the control shows them after its label
 * ('Row limit is expected to be an integer').
 */
export type Validator = (value: unknown) => string | null;

export const ValidationMessages = {
  INTEGER: 'is expected to be an integer',
  MAX_VALUE: 'Value cannot exceed %s',
  NON_EMPTY: 'cannot be empty',
} as const;

/** sqllab-and-platform §5: null, undefined, an empty string and an empty array are empty. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** sqllab-and-platform §5 integer rule. An empty value passes: emptiness is validateNonEmpty's job. */
export const validateInteger: Validator = (value) => {
  if (isEmptyValue(value)) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  const n = text === null || text === '' ? NaN : Number(text);
  return Number.isInteger(n) ? null : ValidationMessages.INTEGER;
};

/** sqllab-and-platform §5 maximum rule: 'Value cannot exceed %s' with the maximum filled in. */
export function validateMaxValue(max: number): Validator {
  return (value) => {
    if (isEmptyValue(value)) return null;
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) && n > max ? formatMessage(ValidationMessages.MAX_VALUE, max) : null;
  };
}

/** sqllab-and-platform §5 non-empty rule: 'cannot be empty' for null, an empty string or an empty array. */
export const validateNonEmpty: Validator = (value) => (isEmptyValue(value) ? ValidationMessages.NON_EMPTY : null);

/** Every message the validators give for a value, in the validators' order. */
export function validateControl(value: unknown, validators: readonly Validator[]): string[] {
  return validators.map((validate) => validate(value)).filter((message): message is string => message !== null);
}
