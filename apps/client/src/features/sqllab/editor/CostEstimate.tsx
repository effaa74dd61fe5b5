import type { CostEstimate as Estimate } from '@strata/domain';

/** The cost estimate of the tab's SQL (REFERENCE §1.1: one row of labelled figures per statement). */
export function CostEstimate({ estimate }: { estimate: Estimate | undefined }) {
  if (!estimate) return null;
  // spec §4: a failed estimate is not completed and keeps its error.
  if (estimate.error) return <div className="sqllab-alert sqllab-alert--danger" role="alert">{estimate.error}</div>;
  if (!estimate.completed) return <div className="sqllab-alert sqllab-alert--info">Estimating the cost…</div>;
  const rows = estimate.cost ?? [];
  return (
    <div className="sqllab-alert sqllab-alert--info" data-testid="cost-estimate">
      Estimated cost:{' '}
      {rows.map((row, i) => (
        <span key={i}>
          {rows.length > 1 && `Statement ${i + 1}: `}
          {Object.entries(row)
            .map(([label, value]) => `${label} ${String(value)}`)
            .join(', ')}
          {i < rows.length - 1 ? '; ' : ''}
        </span>
      ))}
    </div>
  );
}
