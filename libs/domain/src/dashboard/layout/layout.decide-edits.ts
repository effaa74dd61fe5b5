/**
 * Edits of a component's own settings: header and tab texts, markdown, header size, background. A text
 * edit made from an older text than the draft's is refused, never applied over someone else's words.
 */
import { unknownCommand } from '../../shared/exhaustive';
import { DashboardMessages as M } from '../messages';
import type { LayoutCommand } from './layout.commands';
import type { LayoutEvent } from './layout.events';
import { checked, E, refuse, requireItem } from './layout.refusals';
import { BACKGROUNDS, HEADER_SIZES, type Layout, type LayoutItem } from './types';

type EditCommand = Extract<
  LayoutCommand,
  { type: 'UpdateComponentText' | 'UpdateMarkdown' | 'SetHeaderSize' | 'SetBackground' }
>;

function editable(layout: Layout, id: string, types: readonly LayoutItem['type'][]): LayoutItem {
  const target = requireItem(layout, id);
  if (!types.includes(target.type) || target.parents.length === 0) refuse(E.NOT_EDITABLE, M.NOT_EDITABLE);
  return target;
}

/**
 * A text edit made from `base` (what the author saw when they started typing). Someone else's text that
 * arrived meanwhile is never overwritten: the edit is refused, and the author's client keeps their text.
 */
function requireBase(current: string | undefined, base: string | undefined, next: string): void {
  const now = current ?? '';
  if (base !== undefined && base !== now && next !== now) refuse(E.TEXT_CHANGED, M.TEXT_CHANGED);
}

export function decideEdit(command: EditCommand, layout: Layout): LayoutEvent[] {
  const { actor } = command;
  switch (command.type) {
    case 'UpdateComponentText': {
      const target = editable(layout, command.data.id, ['HEADER', 'TAB']);
      if (target.meta.text === command.data.text) return [];
      requireBase(target.meta.text, command.data.baseText, command.data.text);
      return checked(layout, {
        type: 'dashboard/componentTextChanged',
        data: { actor, id: target.id, text: command.data.text },
      });
    }
    case 'UpdateMarkdown': {
      const target = editable(layout, command.data.id, ['MARKDOWN']);
      if (target.meta.code === command.data.code) return [];
      requireBase(target.meta.code, command.data.baseCode, command.data.code);
      return checked(layout, {
        type: 'dashboard/markdownChanged',
        data: { actor, id: target.id, code: command.data.code },
      });
    }
    case 'SetHeaderSize': {
      const target = editable(layout, command.data.id, ['HEADER']);
      if (!HEADER_SIZES.includes(command.data.headerSize)) refuse(E.NOT_EDITABLE, M.NOT_EDITABLE);
      if (target.meta.headerSize === command.data.headerSize) return [];
      return checked(layout, {
        type: 'dashboard/headerSizeChanged',
        data: { actor, id: target.id, headerSize: command.data.headerSize },
      });
    }
    case 'SetBackground': {
      const target = editable(layout, command.data.id, ['ROW', 'COLUMN', 'HEADER']);
      if (!BACKGROUNDS.includes(command.data.background)) refuse(E.NOT_EDITABLE, M.NOT_EDITABLE);
      if (target.meta.background === command.data.background) return [];
      return checked(layout, {
        type: 'dashboard/backgroundChanged',
        data: { actor, id: target.id, background: command.data.background },
      });
    }
    default:
      return unknownCommand(command);
  }
}
