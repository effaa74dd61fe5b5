import { count, defineSummaries, quote } from '../../audit/summary';
import type { OutboxEvent } from './outbox.events';

/** The Outbox page in the audit log's words (issue 13); the mails themselves are `report/mailOutboxed`. */
export const outboxSummaries = defineSummaries<OutboxEvent>({
  context: 'report outbox',
  of: {
    'outbox/pageQueried': (d, { who }) => `${who} opened the outbox${d.page > 0 ? ` (page ${d.page + 1})` : ''}`,
    'outbox/pageLoaded': (d, { who }) =>
      `${who} was shown ${count(d.count, 'mail')} in the outbox${d.smtp.smtp_configured ? '' : ' (no SMTP server)'}`,
    'outbox/pageFailed': (d, { who }) => `loading the outbox failed for ${who}: ${quote(d.message)}`,
    'outbox/mailQueried': (_d, { who }) => `${who} opened a mail of the outbox`,
    'outbox/mailLoaded': (d, { who }) => `${who} read the outbox mail ${quote(d.mail.subject)}`,
    'outbox/mailFailed': (d, { who }) => `opening an outbox mail failed for ${who}: ${quote(d.message)}`,
  },
});
