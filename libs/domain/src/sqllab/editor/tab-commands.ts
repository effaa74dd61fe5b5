/** The tab commands of the SQL Lab editor. Ids and times (`at`, epoch ms) come in on the command. */
import type { CursorPosition } from './model';

type OnTab<T = object> = { queryEditorId: string } & T;
type Timed<T = object> = OnTab<T & { at: number }>;

/** Fields a new tab may be opened with (from a saved query, a history entry, a dataset...). */
export interface NewTabFields {
  name?: string;
  sql?: string;
  dbId?: number | null;
  catalog?: string | null;
  schema?: string | null;
  queryLimit?: number | null;
  templateParams?: string | null;
  remoteId?: number | null;
  autorun?: boolean;
}

export type TabCommand =
  | { type: 'AddTab'; data: { id: string; at: number } & NewTabFields }
  | { type: 'CloneTab'; data: { id: string; at: number; sourceId: string } }
  | { type: 'CloseTab'; data: Timed }
  | { type: 'CloseOtherTabs'; data: Timed }
  | { type: 'SwitchTab'; data: OnTab }
  | { type: 'SwitchToNextTab'; data: Record<string, never> }
  | { type: 'SwitchToPreviousTab'; data: Record<string, never> }
  | { type: 'MoveTab'; data: OnTab<{ fromIndex: number; toIndex: number }> }
  | { type: 'RenameTab'; data: Timed<{ name: string }> }
  | { type: 'ToggleLeftBar'; data: Timed }
  | { type: 'SelectSouthPaneTab'; data: { tab: string } }
  | { type: 'ResizePanes'; data: Timed<{ northPercent: number; southPercent: number }> }
  | { type: 'SetSql'; data: Timed<{ sql: string }> }
  | { type: 'SetSelectedText'; data: OnTab<{ selectedText: string | null }> }
  | { type: 'SetCursorPosition'; data: OnTab<{ cursorPosition: CursorPosition }> }
  | { type: 'SetDatabase'; data: Timed<{ dbId: number | null }> }
  | { type: 'SetCatalog'; data: Timed<{ catalog: string | null }> }
  | { type: 'SetSchema'; data: Timed<{ schema: string | null }> }
  | { type: 'SetQueryLimit'; data: Timed<{ queryLimit: number }> }
  | { type: 'SetTemplateParams'; data: Timed<{ templateParams: string | null }> }
  | { type: 'SaveAsSavedQuery'; data: Timed<{ remoteId: number; name: string }> };

export type TabCommandType = TabCommand['type'];

export const TAB_COMMAND_TYPES = {
  AddTab: true,
  CloneTab: true,
  CloseTab: true,
  CloseOtherTabs: true,
  SwitchTab: true,
  SwitchToNextTab: true,
  SwitchToPreviousTab: true,
  MoveTab: true,
  RenameTab: true,
  ToggleLeftBar: true,
  SelectSouthPaneTab: true,
  ResizePanes: true,
  SetSql: true,
  SetSelectedText: true,
  SetCursorPosition: true,
  SetDatabase: true,
  SetCatalog: true,
  SetSchema: true,
  SetQueryLimit: true,
  SetTemplateParams: true,
  SaveAsSavedQuery: true,
} as const satisfies Record<TabCommandType, true>;
