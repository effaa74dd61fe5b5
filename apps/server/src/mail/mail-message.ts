/**
 * A mail as the executor hands it over and as the outbox keeps it: the envelope, the subject (the
 * prefix added here), an HTML body with a link back to the chart or dashboard, a PNG shown inline by
 * its `cid`, files attached (PDF, CSV, XLSX), and TEXT reports as an HTML table in the body.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an image shown in the body (`<img src="cid:...">`) rather than offered as a file. */
  cid?: string;
}

export interface MailMessage {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  attachments: MailAttachment[];
}

export interface ReportMailContent {
  /** The schedule's name: the subject after the prefix. */
  name: string;
  description?: string | null;
  /** The chart or dashboard the report shows (Superset's "Explore in Superset" link). */
  url: string;
  recipients: { to: string[]; cc: string[]; bcc: string[] };
  /** Screenshots shown inline, in order. */
  images?: Buffer[];
  /** PDF, CSV, XLSX files. */
  files?: Omit<MailAttachment, 'cid'>[];
  /** A TEXT report: the chart's rows as a table in the body. */
  table?: { columns: string[]; rows: unknown[][] };
  /** An error notice instead of a report (Superset's "Error occurred for <type>: <name>"). */
  error?: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const cell = (value: unknown) =>
  escapeHtml(
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
  );

/** Rows as an HTML table with inline styles (mail clients drop `<style>`). */
export function htmlTable(columns: string[], rows: unknown[][]): string {
  const td = 'style="border:1px solid #ccc;padding:4px 8px"';
  const head = columns.map((c) => `<th ${td}>${cell(c)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((v) => `<td ${td}>${cell(v)}</td>`).join('')}</tr>`).join('');
  return `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The mail of one report run, with the configured subject prefix. */
export function reportMail(content: ReportMailContent, subjectPrefix: string): MailMessage {
  const images = (content.images ?? []).map((png, i): MailAttachment => ({
    filename: `screenshot_${i}.png`,
    contentType: 'image/png',
    content: png,
    cid: `screenshot_${i}`,
  }));
  const parts = [
    content.error ? `<p><b>Error:</b> ${escapeHtml(content.error)}</p>` : '',
    content.description ? `<p>${escapeHtml(content.description)}</p>` : '',
    `<p><a href="${escapeHtml(content.url)}">Explore in Strata</a></p>`,
    content.table ? htmlTable(content.table.columns, content.table.rows) : '',
    ...images.map((img) => `<img src="cid:${img.cid}" alt="${escapeHtml(content.name)}">`),
  ];
  return {
    ...content.recipients,
    subject: `${subjectPrefix}${content.name}`,
    html: `<html><body>${parts.filter(Boolean).join('\n')}</body></html>`,
    attachments: [...images, ...(content.files ?? [])],
  };
}

export const recipientCount = (m: Pick<MailMessage, 'to' | 'cc' | 'bcc'>) => m.to.length + m.cc.length + m.bcc.length;
