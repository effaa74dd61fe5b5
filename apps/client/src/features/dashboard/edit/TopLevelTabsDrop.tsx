import { Droppable } from '@hello-pangea/dnd';
import { TOP_LEVEL_TABS_DROP } from './drops';

/**
 * charts-dashboards-reports §4 "The top-level content can be swapped with a tab structure": while a new Tabs is dragged from
 * the palette onto a dashboard without top-level tabs, this zone sits above the grid; a drop there moves
 * the grid's content into the first tab (one undo step). Drawn only during that drag (from dnd's
 * onBeforeCapture, before the droppables are measured), as Superset does.
 */
export function TopLevelTabsDrop() {
  return (
    <Droppable droppableId={TOP_LEVEL_TABS_DROP} type="COMPONENT">
      {(drop, snapshot) => (
        <div
          ref={drop.innerRef}
          {...drop.droppableProps}
          className={`edit-top-tabs-drop${snapshot.isDraggingOver ? ' edit-top-tabs-drop--over' : ''}`}
          data-testid="top-level-tabs-drop"
          data-droppable-id={TOP_LEVEL_TABS_DROP}
        >
          <span>Drop here to make top-level tabs</span>
          {drop.placeholder}
        </div>
      )}
    </Droppable>
  );
}
