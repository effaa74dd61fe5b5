import type { CostEstimate as Estimate } from '@strata/domain';

/**
 * The cost estimate of the tab's SQL as a table: one row per statement, one column per figure the
 * engine reports (REFERENCE §1.1: PostgreSQL gives "Start-up cost" and "Total cost").
 */
export function CostEstimate({ estimate }: { estimate: Estimate | undefined }) {
  if (!estimate) return null;
  // sqllab-and-platform §4: a failed estimate is not completed and keeps its error.
  if (estimate.error)
    return (
      <div className="sqllab-alert sqllab-alert--danger" role="alert">
        {estimate.error}
      </div>
    );
  if (!estimate.completed) return <div className="sqllab-alert sqllab-alert--info">Estimating the cost…</div>;
  const rows = estimate.cost ?? [];
  const labels = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <div className="sqllab-alert sqllab-alert--info" data-testid="cost-estimate">
      <table className="sqllab-cost" aria-label="Estimated cost">
        <thead>
          <tr>
            <th scope="col">Statement</th>
            {labels.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{i + 1}</th>
              {labels.map((label) => (
                <td key={label}>{row[label] === undefined || row[label] === null ? '' : String(row[label])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <span>The database gave no estimate for this SQL.</span>}
    </div>
  );
}
