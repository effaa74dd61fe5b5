/**
 * The editor's own edits the server refused (issue 12 item 3 and 4): kept with the server's reason until
 * the user dismisses them, never only a toast. A refused text edit (a header's or tab's title, a
 * markdown) keeps the user's text, so it can be copied or re-applied on the text as it is now.
 */
import { BehaviorSubject } from 'rxjs';
import type { Layout } from '@strata/domain';
import type { LayoutIntent } from './draft-session';

export interface RejectedEdit {
  commandId: string;
  command: { type: string; data: unknown };
  /** The server's words (or the revocation's), as the user reads them. */
  reason: string;
  at: string;
}

/** The text a refused edit wanted to write, and where. */
export interface RejectedText {
  componentId: string;
  kind: 'text' | 'markdown';
  text: string;
}

export function rejectedText(edit: Pick<RejectedEdit, 'command'>): RejectedText | null {
  const data = edit.command.data as { id?: unknown; text?: unknown; code?: unknown } | null;
  if (typeof data?.id !== 'string') return null;
  if (edit.command.type === 'UpdateComponentText' && typeof data.text === 'string')
    return { componentId: data.id, kind: 'text', text: data.text };
  if (edit.command.type === 'UpdateMarkdown' && typeof data.code === 'string')
    return { componentId: data.id, kind: 'markdown', text: data.code };
  return null;
}

/**
 * The refused text written again over the component's text as it is now (that text is the new base,
 * so the server refuses it again only if someone changes it once more). Null when the component is gone.
 */
export function reapplyIntent(edit: RejectedEdit, layout: Layout): LayoutIntent | null {
  const text = rejectedText(edit);
  const component = text ? layout[text.componentId] : undefined;
  if (!text || !component) return null;
  return text.kind === 'markdown'
    ? {
        type: 'UpdateMarkdown',
        data: { id: text.componentId, code: text.text, baseCode: component.meta.code ?? '' },
      }
    : {
        type: 'UpdateComponentText',
        data: { id: text.componentId, text: text.text, baseText: component.meta.text ?? '' },
      };
}

const WHAT: Record<string, string> = {
  CreateComponent: 'Adding a component',
  MoveComponent: 'Moving a component',
  ResizeComponent: 'Resizing a component',
  DeleteComponent: 'Deleting a component',
  UpdateComponentText: 'Editing a title',
  UpdateMarkdown: 'Editing a markdown',
  SetHeaderSize: 'Changing a header size',
  SetBackground: 'Changing a background',
  ConvertToTopLevelTabs: 'Making top-level tabs',
  RemoveTopLevelTabs: 'Removing top-level tabs',
  Undo: 'Undo',
  Redo: 'Redo',
};

/** What the user did, in their words, for the list of refused edits. */
export function describeEdit(edit: RejectedEdit): string {
  return WHAT[edit.command.type] ?? edit.command.type;
}

/** The list the user sees, kept in storage through `save` until each is dismissed or re-applied. */
export interface RejectedList {
  readonly list$: BehaviorSubject<RejectedEdit[]>;
  add(commands: readonly Pick<RejectedEdit, 'commandId' | 'command'>[], reason: string): void;
  dismiss(commandId: string): void;
}

export function createRejectedList(
  initial: readonly RejectedEdit[],
  save: (list: readonly RejectedEdit[]) => void,
  now: () => string,
): RejectedList {
  const list$ = new BehaviorSubject<RejectedEdit[]>([...initial]);
  const set = (list: RejectedEdit[]) => {
    list$.next(list);
    save(list);
  };
  return {
    list$,
    add(commands, reason) {
      if (commands.length === 0) return;
      const ids = new Set(commands.map((c) => c.commandId));
      const added = commands.map(({ commandId, command }) => ({ commandId, command, reason, at: now() }));
      set([...list$.value.filter((e) => !ids.has(e.commandId)), ...added]);
    },
    dismiss: (commandId) => set(list$.value.filter((e) => e.commandId !== commandId)),
  };
}
