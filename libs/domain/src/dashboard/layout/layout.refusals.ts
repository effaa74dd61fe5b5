/**
 * How the layout decider refuses: stable codes (clients and the server's acks carry them), the spec's
 * words, and the checks every layout command shares.
 */
import { DomainError } from '@strata/events';
import { formatMessage } from '../../platform/text/format';
import { DashboardMessages as M } from '../messages';
import { applyLayoutEvent } from './layout.apply';
import type { LayoutEvent } from './layout.events';
import { RESERVED_IDS, type Layout, type LayoutItem } from './types';

export const LayoutErrorCode = {
  COMPONENT_MISSING: 'layout_component_missing',
  SOURCE_CHANGED: 'layout_source_changed',
  DESTINATION_MISSING: 'layout_destination_missing',
  DROP_FORBIDDEN: 'layout_drop_forbidden',
  NOT_ENOUGH_SPACE: 'layout_not_enough_space',
  TOP_LEVEL_TAB: 'layout_top_level_tab_into_nested_tabs',
  NO_CHART_DEFINITION: 'layout_no_chart_definition',
  CHART_ALREADY_ADDED: 'layout_chart_already_added',
  ID_TAKEN: 'layout_id_taken',
  ID_MISSING: 'layout_id_missing',
  SIZE_INVALID: 'layout_size_invalid',
  NOT_EDITABLE: 'layout_not_editable',
  LAST_TOP_LEVEL_TAB: 'layout_last_top_level_tab',
  TOP_LEVEL_TABS: 'layout_top_level_tabs',
  /** Someone else changed a header, tab title or markdown since the author started editing it. */
  TEXT_CHANGED: 'layout_text_changed',
} as const;
export const E = LayoutErrorCode;

export const refuse = (code: string, message: string): never => {
  throw new DomainError(code, message);
};

const MAX_ID_LENGTH = 250;

export function requireFreshId(layout: Layout, id: string | undefined, what: string): string {
  if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_ID_LENGTH)
    return refuse(E.ID_MISSING, formatMessage(M.ID_MISSING, what));
  if (layout[id] || RESERVED_IDS.includes(id)) return refuse(E.ID_TAKEN, formatMessage(M.ID_TAKEN, id));
  return id;
}

export function requireItem(layout: Layout, id: string): LayoutItem {
  return layout[id] ?? refuse(E.COMPONENT_MISSING, M.COMPONENT_MISSING);
}

/** Runs the event through the shared apply: a result that breaks a rule is a forbidden drop. */
export function checked(layout: Layout, event: LayoutEvent): LayoutEvent[] {
  if (applyLayoutEvent(layout, event) === null) refuse(E.DROP_FORBIDDEN, M.DROP_FORBIDDEN);
  return [event];
}
