import { useMemo } from 'react';
import { markdownToHtml } from './markdown';

/** A MARKDOWN component in view mode: the text as sanitized HTML (see markdown.ts). */
export function Markdown({ code, escapeHtml, height }: { code: string; escapeHtml: boolean; height: number }) {
  const html = useMemo(() => markdownToHtml(code, escapeHtml), [code, escapeHtml]);
  return (
    <div
      className="dashboard-markdown"
      style={{ minHeight: height }}
      data-testid="dashboard-markdown"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
