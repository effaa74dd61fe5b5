import type { EventLike } from '@strata/events';
import type { Background, ComponentType, HeaderSize, LayoutMeta } from './types';

/** A component an event brings into the layout, with the meta decided for it (ids come from the command). */
export interface NewComponent {
  readonly id: string;
  readonly type: ComponentType;
  readonly meta: LayoutMeta;
}

/** Every layout event names its actor, so the draft can say who changed what without reading envelopes. */
interface ByActor {
  readonly actor: string;
}

export type ComponentCreated = EventLike<
  'dashboard/componentCreated',
  ByActor & {
    parentId: string;
    index: number;
    component: NewComponent;
    /** The row a chart, markdown or column dropped into the grid or a tab is wrapped in. */
    wrapperRow?: NewComponent;
    /** The first tab of a new TABS. */
    childTab?: NewComponent;
  }
>;
export type ComponentMoved = EventLike<
  'dashboard/componentMoved',
  ByActor & {
    id: string;
    fromParentId: string;
    toParentId: string;
    /** Index in the destination once the component has left its source. */
    toIndex: number;
    /** The width computed on drop, when it changed. */
    width?: number;
    wrapperRow?: NewComponent;
  }
>;
export type ComponentResized = EventLike<
  'dashboard/componentResized',
  ByActor & { id: string; width?: number; height?: number }
>;
export type ComponentDeleted = EventLike<'dashboard/componentDeleted', ByActor & { id: string }>;
export type ComponentTextChanged = EventLike<'dashboard/componentTextChanged', ByActor & { id: string; text: string }>;
export type MarkdownChanged = EventLike<'dashboard/markdownChanged', ByActor & { id: string; code: string }>;
export type HeaderSizeChanged = EventLike<
  'dashboard/headerSizeChanged',
  ByActor & { id: string; headerSize: HeaderSize }
>;
export type BackgroundChanged = EventLike<
  'dashboard/backgroundChanged',
  ByActor & { id: string; background: Background }
>;
export type TopLevelTabsCreated = EventLike<
  'dashboard/topLevelTabsCreated',
  ByActor & { tabsId: string; tabId: string; tabText?: string }
>;
export type TopLevelTabsRemoved = EventLike<'dashboard/topLevelTabsRemoved', ByActor>;

export type LayoutEvent =
  | ComponentCreated
  | ComponentMoved
  | ComponentResized
  | ComponentDeleted
  | ComponentTextChanged
  | MarkdownChanged
  | HeaderSizeChanged
  | BackgroundChanged
  | TopLevelTabsCreated
  | TopLevelTabsRemoved;
export type LayoutEventType = LayoutEvent['type'];

const LAYOUT_EVENT_TYPES: Readonly<Record<LayoutEventType, true>> = {
  'dashboard/componentCreated': true,
  'dashboard/componentMoved': true,
  'dashboard/componentResized': true,
  'dashboard/componentDeleted': true,
  'dashboard/componentTextChanged': true,
  'dashboard/markdownChanged': true,
  'dashboard/headerSizeChanged': true,
  'dashboard/backgroundChanged': true,
  'dashboard/topLevelTabsCreated': true,
  'dashboard/topLevelTabsRemoved': true,
};

export function isLayoutEvent(event: { type: string }): event is LayoutEvent {
  return Object.prototype.hasOwnProperty.call(LAYOUT_EVENT_TYPES, event.type);
}
