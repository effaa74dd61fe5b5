/** In-place text editors of edit mode: a header's text, a markdown's source; tab titles share the hook. */
import { useRef, useState } from 'react';
import type { LayoutItem } from '@strata/domain';
import { Markdown } from '../grid/Markdown';
import { useEditGrid } from './edit-context';

/** The background class of a row, column or header. */
export const bg = (item: LayoutItem) =>
  item.meta.background === 'BACKGROUND_WHITE' ? ' dashboard-bg--white' : ' dashboard-bg--transparent';

const HEADER_TAGS = { SMALL_HEADER: 'h4', MEDIUM_HEADER: 'h3', LARGE_HEADER: 'h2' } as const;

/**
 * A text edited in place: what the user types and the text they started from, sent as the command's
 * base so that the domain refuses the edit, rather than overwrite, when someone else changed the text
 * meanwhile (issue 12 §3). Until the first keystroke the field shows the live text, so the base is what
 * the user saw. Handlers read a ref: a blur that follows Enter or Escape finds the edit already closed.
 */
export function useTextEdit(current: string, send: (text: string, base: string) => void) {
  const [edit, setEdit] = useState<{ value: string; base: string } | null>(null);
  const latest = useRef(edit);
  const set = (next: typeof edit) => {
    latest.current = next;
    setEdit(next);
  };
  return {
    value: edit?.value ?? null,
    begin: () => set({ value: current, base: current }),
    change: (value: string) => set({ value, base: latest.current?.base ?? current }),
    commit: () => {
      const done = latest.current;
      set(null);
      if (done && done.value !== current) send(done.value, done.base);
    },
    cancel: () => set(null),
  };
}

/** A header's text, edited in place once selected; Enter or leaving the field sends it, Escape drops it. */
export function HeaderEditor({ item }: { item: LayoutItem }) {
  const { selectedId, readOnly, execute } = useEditGrid();
  const text = item.meta.text ?? '';
  const edit = useTextEdit(text, (value, baseText) =>
    execute({ type: 'UpdateComponentText', data: { id: item.id, text: value, baseText } }),
  );
  const Tag = HEADER_TAGS[item.meta.headerSize as keyof typeof HEADER_TAGS] ?? 'h3';
  return (
    <div className={`dashboard-header-component${bg(item)}`}>
      {selectedId === item.id && !readOnly ? (
        <input
          className={`edit-header-input edit-header-input--${item.meta.headerSize ?? 'MEDIUM_HEADER'}`}
          aria-label="Header text"
          value={edit.value ?? text}
          onChange={(e) => edit.change(e.target.value)}
          onBlur={edit.commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') edit.commit();
            if (e.key === 'Escape') edit.cancel();
          }}
        />
      ) : (
        <Tag className="dashboard-header-component__text">{text}</Tag>
      )}
    </div>
  );
}

/** Markdown drawn as in view mode; selected, its source is edited in place and sent on leaving the field. */
export function MarkdownEditor({
  item,
  height,
  escapeHtml,
}: {
  item: LayoutItem;
  height: number;
  escapeHtml: boolean;
}) {
  const { selectedId, readOnly, execute } = useEditGrid();
  const code = item.meta.code ?? '';
  const edit = useTextEdit(code, (value, baseCode) =>
    execute({ type: 'UpdateMarkdown', data: { id: item.id, code: value, baseCode } }),
  );
  if (selectedId !== item.id || readOnly) {
    if (code.trim() === '' && !readOnly)
      return <p className="muted edit-markdown__empty">Empty text: select it to write markdown</p>;
    return <Markdown code={code} escapeHtml={escapeHtml} height={height} />;
  }
  return (
    <textarea
      className="edit-markdown__source"
      aria-label="Markdown text"
      value={edit.value ?? code}
      placeholder="Write markdown here"
      onChange={(e) => edit.change(e.target.value)}
      onBlur={edit.commit}
    />
  );
}
