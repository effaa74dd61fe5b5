import { formatMessage } from '../../platform/text/format';

/**
 * The texts of a time range that cannot be turned into dates. Wording as Superset's, so users and API
 * clients that know its messages recognise them.
 */
export const TimeRangeMessages = {
  FROM_AFTER_TO: 'From date cannot be larger than to date',
  CANNOT_PARSE: 'Cannot parse time string [%s]',
  AMBIGUOUS: 'Time string is ambiguous. Please specify [%s ago] or [%s later].',
  AMBIGUOUS_DELTA: 'Time delta is ambiguous. Please specify [%s ago] or [%s later].',
} as const;

/** A time range or time offset the user wrote is invalid; the server answers 400 with the message. */
export class TimeRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeRangeError';
  }

  static cannotParse(text: string): TimeRangeError {
    return new TimeRangeError(formatMessage(TimeRangeMessages.CANNOT_PARSE, text));
  }

  static ambiguous(text: string): TimeRangeError {
    return new TimeRangeError(formatMessage(TimeRangeMessages.AMBIGUOUS, text, text));
  }

  static ambiguousDelta(text: string): TimeRangeError {
    return new TimeRangeError(formatMessage(TimeRangeMessages.AMBIGUOUS_DELTA, text, text));
  }
}
