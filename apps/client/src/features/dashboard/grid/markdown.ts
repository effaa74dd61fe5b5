/**
 * Markdown components' text as HTML. charts-dashboards-reports §6 flag ESCAPE_MARKDOWN_HTML: when on, HTML written in the
 * markdown is shown as text; when off, it is kept but sanitized (scripts, event handlers, frames and
 * javascript: links removed), as Superset's SafeMarkdown does with HTML sanitization on. Either way the
 * result goes through DOMPurify: the markdown is written by dashboard editors and read by everyone.
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const escaping = new MarkdownIt({ html: false, linkify: true, breaks: false });
const withHtml = new MarkdownIt({ html: true, linkify: true, breaks: false });

export function markdownToHtml(code: string, escapeHtml: boolean): string {
  const html = (escapeHtml ? escaping : withHtml).render(code);
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
