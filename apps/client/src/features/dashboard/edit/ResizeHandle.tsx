import { useRef, useState } from 'react';
import { GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_GUTTER_SIZE, TALL_TYPES, type LayoutItem } from '@strata/domain';
import { useEditGrid } from './edit-context';

/**
 * The handle at a component's bottom-right corner: dragging it resizes in grid units (columns of the
 * grid's width, 8 px rows). The size follows the pointer as an outline; one ResizeComponent is sent on
 * release, and the domain decides whether it fits (row widths at most 12).
 */
export function ResizeHandle({ item, columns }: { item: LayoutItem; columns: number }) {
  const { execute, gridWidth, readOnly } = useEditGrid();
  const start = useRef<{ x: number; y: number; width: number; height: number } | null>(null);
  const [preview, setPreview] = useState<{ width: number; height: number } | null>(null);
  if (readOnly) return null;
  const tall = TALL_TYPES.includes(item.type);
  const columnPx = (gridWidth - GRID_GUTTER_SIZE * (GRID_COLUMN_COUNT - 1)) / GRID_COLUMN_COUNT + GRID_GUTTER_SIZE;
  const sizeAt = (x: number, y: number) => {
    const s = start.current!;
    return {
      width: Math.max(1, Math.min(columns, s.width + Math.round((x - s.x) / columnPx))),
      height: tall ? Math.max(1, s.height + Math.round((y - s.y) / GRID_BASE_UNIT)) : s.height,
    };
  };
  return (
    <>
      {preview && (
        <div
          className="edit-resize-preview"
          aria-hidden="true"
        >{`${preview.width} × ${tall ? preview.height : '-'}`}</div>
      )}
      <span
        className="edit-resize-handle"
        role="separator"
        aria-label="Resize"
        onClick={(e) => e.stopPropagation()}
        onPointerDown={(e) => {
          e.stopPropagation();
          e.preventDefault();
          (e.target as Element).setPointerCapture?.(e.pointerId);
          start.current = { x: e.clientX, y: e.clientY, width: item.meta.width ?? 1, height: item.meta.height ?? 0 };
          setPreview({ width: start.current.width, height: start.current.height });
        }}
        onPointerMove={(e) => start.current && setPreview(sizeAt(e.clientX, e.clientY))}
        onPointerUp={(e) => {
          if (!start.current) return;
          const next = sizeAt(e.clientX, e.clientY);
          const before = start.current;
          start.current = null;
          setPreview(null);
          if (next.width === before.width && next.height === before.height) return;
          execute({
            type: 'ResizeComponent',
            data: {
              id: item.id,
              ...(next.width !== before.width ? { width: next.width } : {}),
              ...(tall && next.height !== before.height ? { height: next.height } : {}),
            },
          });
        }}
      />
    </>
  );
}
