import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createOutbox, type OutboxFeature } from './outbox.feature';
import { OutboxPage } from './OutboxPage';
import { MAIL, MAIL_ID, outboxApi } from './testing/outbox-api';

let server: TestServer;
let outbox: OutboxFeature;

async function start(handler: ReturnType<typeof outboxApi>) {
  server = await new TestServer(handler).start();
  outbox = createOutbox(createTestContext(), new HttpClient({ baseUrl: server.baseUrl }));
}

afterEach(async () => {
  await server.stop();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/report/outbox/" element={<OutboxPage outbox={outbox} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('Outbox page', () => {
  it('says plainly that no SMTP server is configured, and lists the mails', async () => {
    await start(outboxApi());
    renderAt('/report/outbox/');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'No SMTP server is configured (SMTP_HOST is not set): report mails are kept in this outbox instead of being sent.',
    );
    const row = screen.getByTestId(`mail-row-${MAIL_ID}`);
    expect(within(row).getByRole('link', { name: 'Daily delays' })).toHaveAttribute('href', '/report/2/log/');
    expect(row).toHaveTextContent('bob@example.com');
    expect(within(row).getByRole('link', { name: '[Report] Daily delays' })).toHaveAttribute(
      'href',
      `/report/outbox/?mail=${MAIL_ID}`,
    );
  });

  it('an opened mail shows its headers, its body with the inline image, and its files to download', async () => {
    await start(outboxApi());
    renderAt('/report/outbox/');
    fireEvent.click(await screen.findByRole('link', { name: '[Report] Daily delays' }));
    const mail = await screen.findByRole('article', { name: 'Mail: [Report] Daily delays' });
    expect(screen.getByTestId('where')).toHaveTextContent(`/report/outbox/?mail=${MAIL_ID}`);
    for (const text of ['strata@localhost', 'bob@example.com', 'boss@example.com', 'audit@example.com']) {
      expect(mail).toHaveTextContent(text);
    }
    const body = within(mail).getByTestId('mail-body');
    expect(body).toHaveTextContent('Delays by airline');
    expect(within(body).getByRole('link', { name: 'Explore in Strata' })).toHaveAttribute(
      'href',
      'http://strata.test/explore/?slice_id=9',
    );
    const attachment = (n: number) => `${server.baseUrl}/api/v1/report/outbox/${MAIL_ID}/attachment/${n}`;
    expect(within(body).getByRole('img', { name: 'Daily delays' })).toHaveAttribute('src', attachment(0));
    // The body is sanitized: no script, no handler.
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')!.getAttribute('onerror')).toBeNull();
    const files = within(mail).getByRole('list', { name: 'Attachments' });
    expect(within(files).getByRole('link', { name: 'report.csv' })).toHaveAttribute('href', attachment(1));
    expect(within(files).getByRole('link', { name: 'report.csv' })).toHaveAttribute('download', 'report.csv');
    expect(files).toHaveTextContent('text/csv, 120 B');
    expect(files).toHaveTextContent('screenshot_0.png image/png, 20.0 KB, shown in the body');
  });

  it('an empty outbox says so; with SMTP configured the page says mails are sent', async () => {
    await start(outboxApi([], true));
    renderAt('/report/outbox/');
    expect(await screen.findByText('The outbox is empty')).toBeInTheDocument();
    expect(screen.getByText(/An SMTP server is configured/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it("another user's mail is not shown", async () => {
    await start(outboxApi());
    renderAt('/report/outbox/?mail=11111111-2222-4333-8444-555555555555');
    expect(await screen.findByText('There is no such mail, or it is not yours.')).toBeInTheDocument();
  });

  it('the mail of a deleted schedule names it by id', async () => {
    await start(outboxApi([{ ...MAIL, report_name: null }]));
    renderAt('/report/outbox/');
    expect(await screen.findByText('deleted schedule 2')).toBeInTheDocument();
  });
});
