/**
 * What the shared draft's events say in the audit log (issue 13): layout edits name components as they
 * were just before the edit ("alice moved the chart 'Flights by origin' into the tab 'Delays'"), from the
 * draft folded by its own evolve up to that event; session events name versions.
 */
import { count, quote, defineSummaries } from '../../audit/summary';
import { isLayoutEvent } from '../layout/layout.events';
import { componentPhrase, kindPhrase, newComponentPhrase } from '../layout/layout.names';
import { ROOT_ID, type Layout } from '../layout/types';
import { dashboard, people } from '../summary-words';
import { evolveDraft, initialDraftState } from './draft.decider';
import type { DraftChange, DraftEvent, DraftState, SessionEvent } from './draft.model';

const SESSION_TYPES: Readonly<Record<SessionEvent['type'], true>> = {
  'dashboard/draftStarted': true,
  'dashboard/draftSaved': true,
  'dashboard/draftDiscarded': true,
  'dashboard/versionRestored': true,
  'dashboard/ownChangesDiscarded': true,
  'dashboard/ownChangesRestored': true,
  'dashboard/discardedDraftRestored': true,
  'dashboard/layoutChangeReverted': true,
};

const isDraftEvent = (event: { type: string }): event is DraftEvent =>
  isLayoutEvent(event) || Object.prototype.hasOwnProperty.call(SESSION_TYPES, event.type);

/** The place a component went, or nothing when the layout then is not known. */
const into = (layout: Layout | undefined, id: string, preposition: string) =>
  layout?.[id] ? ` ${preposition} ${componentPhrase(layout, id)}` : '';

const SIZE: Readonly<Record<string, string>> = {
  SMALL_HEADER: 'small',
  MEDIUM_HEADER: 'medium',
  LARGE_HEADER: 'large',
};

const editorsOf = (changes: readonly DraftChange[]) => [...new Set(changes.map((c) => c.actor))];

/** " (3 changes by alice and bob)", without the names when the saver made them all. */
function changesNote(changes: readonly DraftChange[], saver: string): string {
  if (changes.length === 0) return '';
  const editors = editorsOf(changes);
  const by = editors.length === 1 && editors[0] === saver ? '' : ` by ${people(editors)}`;
  return ` (${count(changes.length, 'change')}${by})`;
}

/** The draft's events (layout edits and the session's save, discard, restore) in words. */
export const draftSummaries = defineSummaries<DraftEvent, DraftState>({
  context: 'dashboard draft',
  names: {
    initial: initialDraftState,
    // The draft's own fold, so names follow every move, rename and restore as the editors saw them.
    evolve: (state, event) => (isDraftEvent(event) ? evolveDraft(state, event) : state),
  },
  of: {
    'dashboard/componentCreated': (d, { who, before }) =>
      `${who} added ${newComponentPhrase(d.component)}${into(before?.layout, d.parentId, 'to')}`,
    'dashboard/componentMoved': (d, { who, before }) => {
      const layout = before?.layout;
      const thing = componentPhrase(layout, d.id);
      if (d.fromParentId !== d.toParentId) return `${who} moved ${thing}${into(layout, d.toParentId, 'into')}`;
      if (layout?.[d.toParentId]?.type === 'TABS') return `${who} reordered ${thing}`;
      return `${who} moved ${thing}${into(layout, d.toParentId, 'within')}`;
    },
    'dashboard/componentResized': (d, { who, before }) =>
      `${who} resized ${componentPhrase(before?.layout, d.id)}` +
      (d.width === undefined ? '' : ` to ${count(d.width, 'column')} wide`),
    'dashboard/componentDeleted': (d, { who, before }) => `${who} removed ${componentPhrase(before?.layout, d.id)}`,
    'dashboard/componentTextChanged': (d, { who, before }) => {
      const item = before?.layout[d.id];
      // A new tab or header shows its placeholder until someone types: the first text names it.
      if (item && !item.meta.text && d.text.trim() !== '')
        return `${who} named ${kindPhrase(item.type)} ${quote(d.text)}`;
      const thing = componentPhrase(before?.layout, d.id, 'a title');
      return d.text.trim() === ''
        ? `${who} cleared the text of ${thing}`
        : `${who} renamed ${thing} to ${quote(d.text)}`;
    },
    'dashboard/markdownChanged': (d, { who, before }) =>
      `${who} edited ${componentPhrase(before?.layout, d.id, 'a markdown')}`,
    'dashboard/headerSizeChanged': (d, { who, before }) =>
      `${who} set ${componentPhrase(before?.layout, d.id, 'a header')} to ${SIZE[d.headerSize] ?? 'another'} text`,
    'dashboard/backgroundChanged': (d, { who, before }) =>
      `${who} gave ${componentPhrase(before?.layout, d.id)} a ${
        d.background === 'BACKGROUND_WHITE' ? 'white' : 'transparent'
      } background`,
    'dashboard/topLevelTabsCreated': (d, { who }) =>
      `${who} turned the dashboard into tabs` + (d.tabText ? `, its content in the tab ${quote(d.tabText)}` : ''),
    'dashboard/topLevelTabsRemoved': (_d, { who, before }) => {
      const tabsId = before?.layout[ROOT_ID]?.children[0];
      const tabs = tabsId ? componentPhrase(before?.layout, tabsId, 'the tabs') : 'the tabs';
      return `${who} removed ${tabs.replace(/^the tabs/, 'the top-level tabs')}, keeping their content`;
    },
    'dashboard/draftStarted': (d, { who, objectName }) =>
      `${who} opened the draft of ${dashboard(objectName)} at version ${d.version}`,
    'dashboard/draftSaved': (d, { who, objectName }) =>
      `${who} saved version ${d.version} of ${dashboard(objectName)}${changesNote(d.changes, d.by)}`,
    'dashboard/draftDiscarded': (d, { who, objectName }) =>
      d.changes.length === 0
        ? `${who} discarded the draft of ${dashboard(objectName)}`
        : `${who} discarded everyone's unsaved changes to ${dashboard(objectName)}${changesNote(d.changes, '')}`,
    'dashboard/versionRestored': (d, { who, objectName }) =>
      `${who} restored version ${d.restoredVersion} of ${dashboard(objectName)} as version ${d.version}`,
    'dashboard/ownChangesDiscarded': (d, { who, objectName }) =>
      `${who} discarded their own unsaved changes to ${dashboard(objectName)} (${count(d.batchIds.length, 'edit')}` +
      (d.kept && d.kept.length > 0 ? `; ${d.kept.length} kept because others built on them)` : ')'),
    'dashboard/ownChangesRestored': (d, { who, objectName }) =>
      `${who} brought back their discarded changes to ${dashboard(objectName)} (${count(d.batchIds.length, 'edit')})`,
    'dashboard/layoutChangeReverted': (d, { who, objectName }) =>
      `${who} reverted ${d.author && d.author !== d.by ? `${d.author}'s` : 'their'} earlier layout change to ${dashboard(objectName)}`,
    'dashboard/discardedDraftRestored': (d, { who, objectName }) =>
      `${who} brought back discarded draft ${d.discard} of ${dashboard(objectName)}${changesNote(d.changes, '')}`,
  },
});
