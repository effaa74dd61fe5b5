import { DomainError } from '@strata/events';

/**
 * A field of a report schedule that breaks a rule. `field` is the field's name as the schedule holds it
 * ('crontab', 'recipients'), so the API answers 400 naming it; the message starts with it too.
 */
export class ReportFieldError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('invalid_report_field', `${field}: ${message}`);
    this.name = 'ReportFieldError';
  }
}
