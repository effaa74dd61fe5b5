/** decide for the tab commands (sqllab-and-platform §2 Tabs, §4 Tabs, §5 moves). Ids and times come on the command. */
import { DomainError } from '@strata/events';
import { unknownCommand } from '../../shared/exhaustive';
import { DEFAULT_SQLLAB_LIMIT } from '../query-limits/limits';
import {
  activeQueryEditor,
  activeTabId,
  queryEditorById,
  visibleQueryEditors,
  type QueryEditor,
  type SqlLabState,
} from './model';
import type { NewTabFields, TabCommand } from './tab-commands';
import type { TabEvent } from './tab-events';
import { clonedTabName, nextUntitledName, untitledNumber } from './tab-names';

/** sqllab-and-platform §3: the panes' initial split. */
export const INITIAL_NORTH_PERCENT = 30;
export const INITIAL_SOUTH_PERCENT = 70;

function requireTab(state: SqlLabState, id: string): QueryEditor {
  const tab = queryEditorById(state, id);
  if (!tab) throw new DomainError('tab_not_found', `There is no tab '${id}'.`);
  return tab;
}

function requireNewId(state: SqlLabState, id: string): void {
  if (typeof id !== 'string' || id.length === 0) throw new DomainError('tab_id_invalid', 'A tab needs an id.');
  if (state.queryEditors.some((qe) => qe.id === id)) {
    throw new DomainError('tab_id_taken', `A tab with id '${id}' already exists.`);
  }
}

function requirePercent(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new DomainError('pane_size_invalid', `${what} must be between 0 and 100.`);
  }
}

/** A new tab: the given fields, else the active tab's database, catalog, schema and limit. */
function newTab(state: SqlLabState, id: string, fields: NewTabFields): QueryEditor {
  const active = activeQueryEditor(state);
  return {
    version: 1,
    id,
    loaded: true,
    name: fields.name?.trim() || nextUntitledName(visibleQueryEditors(state).map((qe) => qe.name)),
    sql: fields.sql ?? '',
    selectedText: null,
    dbId: fields.dbId !== undefined ? fields.dbId : (active?.dbId ?? null),
    catalog: fields.catalog !== undefined ? fields.catalog : (active?.catalog ?? null),
    schema: fields.schema !== undefined ? fields.schema : (active?.schema ?? null),
    autorun: fields.autorun ?? false,
    queryLimit: fields.queryLimit ?? active?.queryLimit ?? DEFAULT_SQLLAB_LIMIT,
    maxRow: null,
    templateParams: fields.templateParams ?? null,
    remoteId: fields.remoteId ?? null,
    latestQueryId: null,
    hideLeftBar: false,
    updatedAt: null,
    cursorPosition: null,
    functionNames: [],
    height: null,
    northPercent: INITIAL_NORTH_PERCENT,
    southPercent: INITIAL_SOUTH_PERCENT,
    inLocalStorage: true,
  };
}

/** sqllab-and-platform §2: switching to the next or previous tab wraps around. */
function cycle(state: SqlLabState, step: 1 | -1): TabEvent[] {
  const tabs = state.queryEditors;
  if (tabs.length === 0) return [];
  const current = tabs.findIndex((qe) => qe.id === activeTabId(state));
  const target = tabs[(current + step + tabs.length) % tabs.length]!;
  return target.id === activeTabId(state) ? [] : [{ type: 'sqllab/tabSwitched', data: { queryEditorId: target.id } }];
}

/** An edit that changes nothing is no event (and so no undo step). */
function edit<K extends keyof QueryEditor>(
  tab: QueryEditor,
  key: K,
  value: QueryEditor[K],
  event: TabEvent,
): TabEvent[] {
  return tab[key] === value ? [] : [event];
}

export function decideTabs(command: TabCommand, state: SqlLabState): TabEvent[] {
  switch (command.type) {
    case 'AddTab': {
      const { id, at, ...fields } = command.data;
      requireNewId(state, id);
      return [
        {
          type: 'sqllab/tabAdded',
          data: { queryEditor: { ...newTab(state, id, fields), updatedAt: at }, clonedFromId: null },
        },
      ];
    }
    case 'CloneTab': {
      const { id, at, sourceId } = command.data;
      requireNewId(state, id);
      const source = requireTab(state, sourceId);
      // sqllab-and-platform §4 Tabs: 'Copy of %s', autorun on, same db, catalog, schema, sql, limit and max rows.
      const queryEditor: QueryEditor = {
        ...newTab(state, id, {}),
        name: clonedTabName(source.name),
        autorun: true,
        dbId: source.dbId,
        catalog: source.catalog,
        schema: source.schema,
        sql: source.sql,
        queryLimit: source.queryLimit,
        maxRow: source.maxRow,
        templateParams: source.templateParams,
        updatedAt: at,
      };
      return [{ type: 'sqllab/tabAdded', data: { queryEditor, clonedFromId: sourceId } }];
    }
    case 'CloseTab':
      requireTab(state, command.data.queryEditorId);
      return [{ type: 'sqllab/tabClosed', data: { queryEditorId: command.data.queryEditorId, at: command.data.at } }];
    case 'CloseOtherTabs': {
      const { queryEditorId, at } = command.data;
      requireTab(state, queryEditorId);
      // One batch: closing the others is one undo step.
      const others = state.queryEditors.filter((qe) => qe.id !== queryEditorId);
      const closed: TabEvent[] = others.map((qe) => ({ type: 'sqllab/tabClosed', data: { queryEditorId: qe.id, at } }));
      const switched: TabEvent[] =
        activeTabId(state) === queryEditorId ? [] : [{ type: 'sqllab/tabSwitched', data: { queryEditorId } }];
      return [...switched, ...closed];
    }
    case 'SwitchTab': {
      requireTab(state, command.data.queryEditorId);
      if (activeTabId(state) === command.data.queryEditorId) return [];
      return [{ type: 'sqllab/tabSwitched', data: { queryEditorId: command.data.queryEditorId } }];
    }
    case 'SwitchToNextTab':
      return cycle(state, 1);
    case 'SwitchToPreviousTab':
      return cycle(state, -1);
    case 'MoveTab': {
      const { queryEditorId, fromIndex, toIndex } = command.data;
      const tabs = state.queryEditors;
      const validIndex = (i: number) => Number.isInteger(i) && i >= 0 && i < tabs.length;
      // sqllab-and-platform §5: a move is refused when the source, destination or dragged item is missing.
      if (!validIndex(fromIndex)) throw new DomainError('move_source_missing', 'The tab was dragged from nowhere.');
      if (!validIndex(toIndex))
        throw new DomainError('move_destination_missing', 'The tab was dropped outside the tabs.');
      if (tabs[fromIndex]?.id !== queryEditorId)
        throw new DomainError('move_item_missing', 'The dragged tab is not there.');
      return fromIndex === toIndex ? [] : [{ type: 'sqllab/tabMoved', data: { queryEditorId, toIndex } }];
    }
    case 'RenameTab': {
      const { queryEditorId, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      const name = command.data.name.trim();
      if (name.length === 0) throw new DomainError('tab_name_empty', 'A tab name cannot be empty.');
      if (
        untitledNumber(name) !== null &&
        visibleQueryEditors(state).some((qe) => qe.id !== queryEditorId && qe.name === name)
      ) {
        throw new DomainError('tab_name_taken', `Another tab is already named '${name}'.`);
      }
      return edit(tab, 'name', name, { type: 'sqllab/tabRenamed', data: { queryEditorId, name, updatedAt: at } });
    }
    case 'ToggleLeftBar': {
      const { queryEditorId, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      return [
        {
          type: tab.hideLeftBar ? 'sqllab/leftBarShown' : 'sqllab/leftBarHidden',
          data: { queryEditorId, updatedAt: at },
        },
      ];
    }
    case 'SelectSouthPaneTab': {
      const { tab } = command.data;
      if (typeof tab !== 'string' || tab.length === 0)
        throw new DomainError('south_pane_tab_invalid', 'No pane tab given.');
      return tab === state.activeSouthPaneTab ? [] : [{ type: 'sqllab/southPaneTabSelected', data: { tab } }];
    }
    case 'ResizePanes': {
      const { queryEditorId, northPercent, southPercent, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      requirePercent(northPercent, 'northPercent');
      requirePercent(southPercent, 'southPercent');
      if (tab.northPercent === northPercent && tab.southPercent === southPercent) return [];
      return [{ type: 'sqllab/panesResized', data: { queryEditorId, northPercent, southPercent, updatedAt: at } }];
    }
    default:
      return decideTabEdits(command, state);
  }
}

type TabEditCommand = Extract<
  TabCommand,
  {
    type:
      | 'SetSql'
      | 'SetSelectedText'
      | 'SetCursorPosition'
      | 'SetDatabase'
      | 'SetCatalog'
      | 'SetSchema'
      | 'SetQueryLimit'
      | 'SetTemplateParams'
      | 'SaveAsSavedQuery';
  }
>;

/** The property edits of one tab. */
function decideTabEdits(command: TabEditCommand, state: SqlLabState): TabEvent[] {
  switch (command.type) {
    case 'SetSql': {
      const { queryEditorId, sql, at } = command.data;
      return edit(requireTab(state, queryEditorId), 'sql', sql, {
        type: 'sqllab/sqlEdited',
        data: { queryEditorId, sql, updatedAt: at },
      });
    }
    case 'SetSelectedText': {
      const { queryEditorId, selectedText } = command.data;
      const tab = requireTab(state, queryEditorId);
      return edit(tab, 'selectedText', selectedText, {
        type: 'sqllab/textSelected',
        data: { queryEditorId, selectedText },
      });
    }
    case 'SetCursorPosition': {
      const { queryEditorId, cursorPosition } = command.data;
      const tab = requireTab(state, queryEditorId);
      const same =
        tab.cursorPosition?.row === cursorPosition.row && tab.cursorPosition?.column === cursorPosition.column;
      return same ? [] : [{ type: 'sqllab/cursorMoved', data: { queryEditorId, cursorPosition } }];
    }
    case 'SetDatabase': {
      const { queryEditorId, dbId, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      return edit(tab, 'dbId', dbId, { type: 'sqllab/databaseSelected', data: { queryEditorId, dbId, updatedAt: at } });
    }
    case 'SetCatalog': {
      const { queryEditorId, catalog, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      return edit(tab, 'catalog', catalog, {
        type: 'sqllab/catalogSelected',
        data: { queryEditorId, catalog, updatedAt: at },
      });
    }
    case 'SetSchema': {
      const { queryEditorId, schema, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      return edit(tab, 'schema', schema, {
        type: 'sqllab/schemaSelected',
        data: { queryEditorId, schema, updatedAt: at },
      });
    }
    case 'SetQueryLimit': {
      const { queryEditorId, queryLimit, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      if (!Number.isInteger(queryLimit) || queryLimit < 1) {
        throw new DomainError('query_limit_invalid', 'The row limit must be a positive whole number.');
      }
      return edit(tab, 'queryLimit', queryLimit, {
        type: 'sqllab/queryLimitChanged',
        data: { queryEditorId, queryLimit, updatedAt: at },
      });
    }
    case 'SetTemplateParams': {
      const { queryEditorId, templateParams, at } = command.data;
      const tab = requireTab(state, queryEditorId);
      const event: TabEvent = {
        type: 'sqllab/templateParamsChanged',
        data: { queryEditorId, templateParams, updatedAt: at },
      };
      return edit(tab, 'templateParams', templateParams, event);
    }
    case 'SaveAsSavedQuery': {
      const { queryEditorId, remoteId, name, at } = command.data;
      requireTab(state, queryEditorId);
      if (!Number.isInteger(remoteId) || remoteId < 1) {
        throw new DomainError('saved_query_id_invalid', 'A saved query id is a positive integer.');
      }
      if (name.trim().length === 0) throw new DomainError('tab_name_empty', 'A saved query needs a name.');
      return [{ type: 'sqllab/tabSavedAsQuery', data: { queryEditorId, remoteId, name: name.trim(), updatedAt: at } }];
    }
    default:
      return unknownCommand(command);
  }
}
