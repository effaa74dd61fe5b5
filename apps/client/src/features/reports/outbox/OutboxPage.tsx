import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useStoreState } from '../../../shared/use-store-state';
import { mailHtmlForPage } from './mail-html';
import { OUTBOX_PAGE_SIZE, type OutboxMailView } from './outbox-api';
import type { OutboxFeature } from './outbox.feature';
import './outbox.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function addressOf(search: string) {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const mail = params.get('mail');
  return {
    page: Number.isInteger(page) && page > 0 && page < 1e6 ? page : 0,
    mail: mail !== null && UUID.test(mail) ? mail : null,
  };
}

const hrefOf = (page: number, mail: string | null) => {
  const params = new URLSearchParams();
  if (page > 0) params.set('page', String(page));
  if (mail) params.set('mail', mail);
  const text = params.toString();
  return `/report/outbox/${text ? `?${text}` : ''}`;
};

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * `/report/outbox/` (issue 14 item 5): with no SMTP server, the mails reports would have sent, each as it
 * would have been sent (headers, HTML body with its inline images, files to download). Admins see every
 * mail, others those of the schedules they created or own (the server decides).
 */
export function OutboxPage({ outbox }: { outbox: OutboxFeature }) {
  const state = useStoreState(outbox.store.state$);
  const location = useLocation();
  const navigate = useNavigate();
  const { page, mail: opened } = addressOf(location.search);

  useEffect(() => {
    void outbox.load(page);
  }, [outbox, page]);
  useEffect(() => {
    if (opened) void outbox.open(opened);
  }, [outbox, opened]);

  const { smtp, page: list } = state;
  const pageCount = Math.max(1, Math.ceil(list.count / OUTBOX_PAGE_SIZE));
  return (
    <div className="card report-outbox">
      <div className="report-outbox__head">
        <h1>Outbox</h1>
        <nav aria-label="Schedules">
          <Link to="/alert/list/">Alerts</Link> · <Link to="/report/list/">Reports</Link>
        </nav>
      </div>
      {smtp && !smtp.smtp_configured && (
        <div className="report-outbox__notice" role="note">
          {smtp.message ?? 'No SMTP server is configured: report mails are kept here instead of being sent.'}
        </div>
      )}
      {smtp?.smtp_configured && (
        <p className="muted">An SMTP server is configured: reports are mailed. Mails kept here were not sent.</p>
      )}
      {list.error && <div className="form-error">{list.error}</div>}
      <table className="data" aria-label="Mails">
        <thead>
          <tr>
            <th>Date</th>
            <th>Report</th>
            <th>Subject</th>
            <th>To</th>
            <th>Files</th>
          </tr>
        </thead>
        <tbody>
          {list.mails.map((m) => (
            <tr key={m.id} data-testid={`mail-row-${m.id}`} aria-selected={m.id === opened}>
              <td>
                <time dateTime={m.created_on}>{new Date(m.created_on).toLocaleString()}</time>
              </td>
              <td>
                {m.report_name !== null ? (
                  <Link to={`/report/${m.report_id}/log/`}>{m.report_name}</Link>
                ) : (
                  <span className="muted">deleted schedule {m.report_id}</span>
                )}
              </td>
              <td>
                <Link to={hrefOf(page, m.id)}>{m.subject}</Link>
              </td>
              <td>{m.to.join(', ')}</td>
              <td>{m.attachments.length || ''}</td>
            </tr>
          ))}
          {!list.loading && list.mails.length === 0 && !list.error && (
            <tr>
              <td colSpan={5} className="muted">
                The outbox is empty
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {pageCount > 1 && (
        <nav className="report-outbox__pager" aria-label="Pages">
          <button type="button" disabled={page === 0} onClick={() => void navigate(hrefOf(page - 1, opened))}>
            Previous
          </button>
          <span>
            Page {page + 1} of {pageCount} ({list.count})
          </span>
          <button
            type="button"
            disabled={page + 1 >= pageCount}
            onClick={() => void navigate(hrefOf(page + 1, opened))}
          >
            Next
          </button>
        </nav>
      )}
      {opened && state.mail.id === opened && (
        <>
          {state.mail.error && <div className="form-error">{state.mail.error}</div>}
          {state.mail.mail && <MailView mail={state.mail.mail} urlOf={(n) => outbox.api.attachmentUrl(opened, n)} />}
        </>
      )}
    </div>
  );
}

function MailView({ mail, urlOf }: { mail: OutboxMailView; urlOf: (n: number) => string }) {
  const html = mailHtmlForPage(mail.html ?? '', mail.attachments, urlOf);
  const header = (label: string, value: string) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    ) : null;
  return (
    <article className="report-outbox__mail" aria-label={`Mail: ${mail.subject}`}>
      <dl className="report-outbox__headers">
        {header('From', mail.from)}
        {header('To', mail.to.join(', '))}
        {header('Cc', mail.cc.join(', '))}
        {header('Bcc', mail.bcc.join(', '))}
        {header('Subject', mail.subject)}
        {header('Date', new Date(mail.created_on).toLocaleString())}
      </dl>
      {/* Sanitized (mail-html.ts): the body as the recipients would have read it. */}
      <div className="report-outbox__body" data-testid="mail-body" dangerouslySetInnerHTML={{ __html: html }} />
      {mail.attachments.length > 0 && (
        <ul className="report-outbox__files" aria-label="Attachments">
          {mail.attachments.map((a) => (
            <li key={a.n}>
              <a href={urlOf(a.n)} download={a.filename}>
                {a.filename}
              </a>{' '}
              <span className="muted">
                {a.content_type}, {size(a.size)}
                {a.inline ? ', shown in the body' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
