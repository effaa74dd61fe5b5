import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { OutboxMailView } from './outbox-mail';
import { outboxFold, type OutboxEvent, type OutboxState } from './outbox.events';
import { outboxSummaries } from './outbox.summaries';

const fold = (events: OutboxEvent[], state: OutboxState = outboxFold.initialState()) =>
  events.reduce(outboxFold.evolve, state);

const mail = (id: string, over: Partial<OutboxMailView> = {}): OutboxMailView => ({
  id,
  report_id: 1,
  report_name: 'Weekly flights',
  run_id: 'r1',
  created_on: '2026-03-09T09:00:09Z',
  from: 'strata@example.com',
  to: ['ops@example.com'],
  cc: [],
  bcc: [],
  subject: '[Report] Weekly flights',
  attachments: [],
  ...over,
});
const NO_SMTP = { smtp_configured: false, message: 'No SMTP server is configured.' };

describe('the Outbox page (fold of its facts)', () => {
  it('given two page queries, when the older answer arrives last, then only the latest page is shown', () => {
    const state = fold([
      { type: 'outbox/pageQueried', data: { requestId: 'p1', page: 0 } },
      { type: 'outbox/pageQueried', data: { requestId: 'p2', page: 1 } },
      { type: 'outbox/pageLoaded', data: { requestId: 'p2', count: 26, mails: [mail('m26')], smtp: NO_SMTP } },
      { type: 'outbox/pageLoaded', data: { requestId: 'p1', count: 26, mails: [mail('m1')], smtp: NO_SMTP } },
      { type: 'outbox/pageFailed', data: { requestId: 'p1', message: 'late' } },
    ]);
    expect(state.page).toMatchObject({ requestId: 'p2', page: 1, loading: false, count: 26, error: null });
    expect(state.page.mails.map((m) => m.id)).toEqual(['m26']);
    expect(state.smtp).toEqual(NO_SMTP);
  });

  it('a mail read again stays shown while it loads; another mail is not shown under its address', () => {
    const opened = fold([
      { type: 'outbox/mailQueried', data: { requestId: 'o1', id: 'm1' } },
      { type: 'outbox/mailLoaded', data: { requestId: 'o1', mail: mail('m1', { html: '<p>Hi</p>' }) } },
      { type: 'outbox/mailQueried', data: { requestId: 'o2', id: 'm1' } },
    ]);
    expect(opened.mail).toMatchObject({ id: 'm1', loading: true, mail: { html: '<p>Hi</p>' } });
    const other = fold([{ type: 'outbox/mailQueried', data: { requestId: 'o3', id: 'm2' } }], opened);
    expect(other.mail).toMatchObject({ id: 'm2', loading: true, mail: null });
    const failed = fold(
      [
        { type: 'outbox/mailLoaded', data: { requestId: 'o2', mail: mail('m1') } },
        { type: 'outbox/mailFailed', data: { requestId: 'o3', message: 'There is no such mail, or it is not yours.' } },
      ],
      other,
    );
    expect(failed.mail).toMatchObject({
      id: 'm2',
      loading: false,
      mail: null,
      error: 'There is no such mail, or it is not yours.',
    });
  });
});

describe('outbox summaries', () => {
  it('reads every event type', () => {
    const samples: SummarySamples<OutboxEvent> = {
      'outbox/pageQueried': { requestId: 'p', page: 1 },
      'outbox/pageLoaded': { requestId: 'p', count: 1, mails: [mail('m1')], smtp: NO_SMTP },
      'outbox/pageFailed': { requestId: 'p', message: 'Forbidden' },
      'outbox/mailQueried': { requestId: 'o', id: 'm1' },
      'outbox/mailLoaded': { requestId: 'o', mail: mail('m1') },
      'outbox/mailFailed': { requestId: 'o', message: 'There is no such mail, or it is not yours.' },
    };
    expect(unreadableSummaries(outboxSummaries, samples)).toEqual([]);
  });
});
