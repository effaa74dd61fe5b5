/**
 * A stored mail's HTML as the page shows it: each inline image's `cid:` reference pointed at the
 * attachment's download address (what a mail reader does with the MIME part), then sanitized with
 * DOMPurify, since the body carries text written by the schedule's owner and the rows of a query.
 */
import DOMPurify from 'dompurify';
import type { OutboxAttachment } from './outbox-api';

export function mailHtmlForPage(
  html: string,
  attachments: readonly OutboxAttachment[],
  urlOf: (n: number) => string,
): string {
  const byCid = new Map(attachments.filter((a) => a.cid !== null).map((a) => [a.cid!, a.n]));
  const pointed = html.replace(/(["'])cid:([^"']+)\1/g, (whole, quote: string, cid: string) => {
    const n = byCid.get(cid);
    return n === undefined ? whole : `${quote}${urlOf(n)}${quote}`;
  });
  return DOMPurify.sanitize(pointed, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
