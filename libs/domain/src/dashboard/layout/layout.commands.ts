import type { Background, CreatableType, HeaderSize, LayoutMeta } from './types';

/** Every command carries its actor: edits of a shared draft are attributed and undone per user. */
interface ByActor {
  readonly actor: string;
}

/** A drop position: the container and the slot among its current children (0 = before the first). */
export interface DropPosition {
  readonly parentId: string;
  readonly index: number;
}

export type CreateComponent = ByActor & {
  type: 'CreateComponent';
  data: {
    /** The new component's id (`<TYPE>-<random>`, see componentId). */
    id: string;
    componentType: CreatableType;
    destination: DropPosition;
    /** Id for the row a chart, markdown or column dropped into the grid or a tab is wrapped in. */
    rowId?: string;
    /** Id for the first tab of a new TABS. */
    tabId?: string;
    /** CHART: the saved chart placed (spec "add a chart"). */
    chartId?: number;
    sliceName?: string;
    meta?: Pick<LayoutMeta, 'text' | 'code' | 'headerSize' | 'background' | 'width' | 'height'>;
  };
};
export type MoveComponent = ByActor & {
  type: 'MoveComponent';
  data: {
    id: string;
    /** Where the user saw it; a move of a component someone else moved or deleted meanwhile is refused. */
    source?: DropPosition;
    destination: DropPosition;
    rowId?: string;
  };
};
export type ResizeComponent = ByActor & {
  type: 'ResizeComponent';
  data: { id: string; width?: number; height?: number };
};
export type DeleteComponent = ByActor & { type: 'DeleteComponent'; data: { id: string } };
/**
 * `baseText` / `baseCode`: the text the author started editing from. When someone else changed it
 * meanwhile the edit is refused (`layout_text_changed`) instead of overwriting their text; without a
 * base (API writers before issue 12) the edit applies as it always did.
 */
export type UpdateComponentText = ByActor & {
  type: 'UpdateComponentText';
  data: { id: string; text: string; baseText?: string };
};
export type UpdateMarkdown = ByActor & {
  type: 'UpdateMarkdown';
  data: { id: string; code: string; baseCode?: string };
};
export type SetHeaderSize = ByActor & { type: 'SetHeaderSize'; data: { id: string; headerSize: HeaderSize } };
export type SetBackground = ByActor & { type: 'SetBackground'; data: { id: string; background: Background } };
/** charts-dashboards-reports §4: the top-level content is swapped with a tab structure... */
export type ConvertToTopLevelTabs = ByActor & {
  type: 'ConvertToTopLevelTabs';
  data: { tabsId: string; tabId: string; tabText?: string };
};
/** ...and back: the tabs' contents go, in tab order, into the grid. */
export type RemoveTopLevelTabs = ByActor & { type: 'RemoveTopLevelTabs'; data: Record<string, never> };

export type LayoutCommand =
  | CreateComponent
  | MoveComponent
  | ResizeComponent
  | DeleteComponent
  | UpdateComponentText
  | UpdateMarkdown
  | SetHeaderSize
  | SetBackground
  | ConvertToTopLevelTabs
  | RemoveTopLevelTabs;

/** What decide needs to know beyond the layout. */
export interface LayoutContext {
  /** Whether a saved chart with this id exists (charts-dashboards-reports §5 "no chart definition"). Unchecked when absent. */
  chartExists?: (chartId: number) => boolean;
}
