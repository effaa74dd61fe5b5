import { useMemo } from 'react';
import type { VizComponentProps } from '../shared/types';
import { useRendered } from '../shared/use-rendered';
import { transformProps, type PivotCell } from './transformProps';
import '../viz.css';

function Cell({ cell, head }: { cell: PivotCell; head: boolean }) {
  const className = cell.total ? 'viz-pivot__total' : undefined;
  const span = { colSpan: cell.colSpan, rowSpan: cell.rowSpan };
  return cell.header || head ? (
    <th className={className} {...span} scope={head ? 'col' : 'row'}>
      {cell.text}
    </th>
  ) : (
    <td className={className} {...span}>
      {cell.text}
    </td>
  );
}

/** The pivot table as an HTML table: scrolls inside the chart box, totals in bold. */
export function PivotTableChart({ formData, queriesData, datasource, width, height, onRendered }: VizComponentProps) {
  const model = useMemo(() => transformProps(formData, queriesData, datasource), [formData, queriesData, datasource]);
  useRendered(model, onRendered);
  return (
    <div className="viz-pivot" style={{ width, height }} data-testid="viz-pivot_table_v2">
      <table>
        <thead>
          {model.head.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <Cell key={j} cell={cell} head />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {model.body.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <Cell key={j} cell={cell} head={false} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
