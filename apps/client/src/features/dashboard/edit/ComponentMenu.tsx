import { useState } from 'react';
import {
  Background,
  GRID_MAX_ROW_UNITS,
  GRID_MIN_ROW_UNITS,
  HeaderSize,
  ROOT_ID,
  SIZABLE_TYPES,
  TALL_TYPES,
  type LayoutItem,
} from '@strata/domain';
import { useEditGrid } from './edit-context';

const SIZE_LABELS: Record<string, string> = {
  [HeaderSize.SMALL]: 'Small',
  [HeaderSize.MEDIUM]: 'Medium',
  [HeaderSize.LARGE]: 'Large',
};
const BACKGROUND_LABELS: Record<string, string> = {
  [Background.TRANSPARENT]: 'Transparent background',
  [Background.WHITE]: 'White background',
};
const WITH_BACKGROUND: readonly LayoutItem['type'][] = ['ROW', 'COLUMN', 'HEADER'];

/**
 * The menu of the selected component: delete, a header's size, the background of rows, columns and
 * headers, and its size in grid units (what the resize handle does, for the keyboard). Top-level tabs
 * are not deleted but removed: their tabs' content goes back into the grid, in tab order (charts-dashboards-reports §4).
 */
export function ComponentMenu({ item }: { item: LayoutItem }) {
  const { execute, select } = useEditGrid();
  const sizable = SIZABLE_TYPES.includes(item.type);
  const tall = TALL_TYPES.includes(item.type);
  const topLevelTabs = item.type === 'TABS' && item.parents.length === 1 && item.parents[0] === ROOT_ID;
  return (
    <div className="edit-menu" role="toolbar" aria-label="Component menu" onClick={(e) => e.stopPropagation()}>
      {item.type === 'HEADER' && (
        <select
          aria-label="Header size"
          value={item.meta.headerSize ?? HeaderSize.MEDIUM}
          onChange={(e) =>
            execute({ type: 'SetHeaderSize', data: { id: item.id, headerSize: e.target.value as HeaderSize } })
          }
        >
          {Object.values(HeaderSize).map((size) => (
            <option key={size} value={size}>
              {SIZE_LABELS[size]}
            </option>
          ))}
        </select>
      )}
      {WITH_BACKGROUND.includes(item.type) && (
        <select
          aria-label="Background"
          value={item.meta.background ?? Background.TRANSPARENT}
          onChange={(e) =>
            execute({ type: 'SetBackground', data: { id: item.id, background: e.target.value as Background } })
          }
        >
          {Object.values(Background).map((value) => (
            <option key={value} value={value}>
              {BACKGROUND_LABELS[value]}
            </option>
          ))}
        </select>
      )}
      {sizable && (
        <SizeField
          label="Width"
          value={item.meta.width}
          min={1}
          max={12}
          onCommit={(width) => execute({ type: 'ResizeComponent', data: { id: item.id, width } })}
        />
      )}
      {tall && (
        <SizeField
          label="Height"
          value={item.meta.height}
          min={GRID_MIN_ROW_UNITS}
          max={GRID_MAX_ROW_UNITS}
          onCommit={(height) => execute({ type: 'ResizeComponent', data: { id: item.id, height } })}
        />
      )}
      {topLevelTabs ? (
        <button
          type="button"
          onClick={() => {
            if (execute({ type: 'RemoveTopLevelTabs', data: {} })) select(null);
          }}
        >
          Remove top-level tabs
        </button>
      ) : (
        <button
          type="button"
          className="danger"
          aria-label="Delete component"
          onClick={() => {
            if (execute({ type: 'DeleteComponent', data: { id: item.id } })) select(null);
          }}
        >
          Delete
        </button>
      )}
    </div>
  );
}

/** A size in grid units, sent once on Enter or leaving the field (typing "10" is one resize, not two). */
function SizeField({
  label,
  value,
  min,
  max,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  onCommit: (n: number) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    const n = Number(text);
    if (text !== null && text !== '' && Number.isInteger(n) && n !== value) onCommit(n);
    setText(null);
  };
  return (
    <label>
      {label}{' '}
      <input
        type="number"
        aria-label={label}
        min={min}
        max={max}
        value={text ?? value ?? ''}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}
