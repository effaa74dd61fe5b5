import { useState, type ReactNode } from 'react';
import { canExplore, canShareChart, type DrillTarget } from '@strata/domain';
import { useSignedInUser } from '../reports/state/reports-context';
import { useDrill } from './drill-context';
import { chartPermalink, embedCode } from './share';
import './drill.css';

/**
 * The chart menu's drill and share entries (charts-dashboards-reports §9: drill to detail, share): "Drill to
 * detail" (can_explore), "Copy permalink to clipboard" and "Embed code" (can_share_chart). `items` go in
 * the menu; `dialogs` beside it, so they outlive the menu that folds once an entry is chosen.
 */
export function useChartMenuExtras({
  target,
  closeMenu,
  onError,
}: {
  target: DrillTarget | null;
  closeMenu: () => void;
  onError: (title: string, error: unknown) => void;
}): { items: ReactNode; dialogs: ReactNode } {
  const drill = useDrill();
  const user = useSignedInUser();
  // The embed code shown, or null: how the page is looked at, not a fact.
  const [embed, setEmbed] = useState<string | null>(null);
  if (!drill || !target) return { items: null, dialogs: null };
  const run = (action: () => unknown) => () => {
    closeMenu();
    action();
  };
  const share = (then: (url: string) => unknown) =>
    chartPermalink(drill.api, target.formData).then(then, (e: unknown) => onError('Could not share the chart', e));
  const items = (
    <>
      {canExplore(user) && (
        <button type="button" role="menuitem" onClick={run(() => drill.openDetail(target, [], null))}>
          Drill to detail
        </button>
      )}
      {canShareChart(user) && (
        <>
          <button
            type="button"
            role="menuitem"
            onClick={run(() => share((url) => navigator.clipboard?.writeText(url)))}
          >
            Copy permalink to clipboard
          </button>
          <button type="button" role="menuitem" onClick={run(() => share((url) => setEmbed(embedCode(url))))}>
            Embed code
          </button>
        </>
      )}
    </>
  );
  const dialogs = embed !== null && (
    <div className="drill-modal" role="dialog" aria-label="Embed code">
      <div className="drill-modal__body">
        <h2>Embed code: {target.title}</h2>
        <textarea className="drill-embed" readOnly value={embed} aria-label="Embed code" />
        <div className="drill-modal__actions">
          <button type="button" onClick={() => void navigator.clipboard?.writeText(embed)}>
            Copy
          </button>
          <button type="button" onClick={() => setEmbed(null)}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
  return { items, dialogs };
}

/** "View results": the rows the chart's query answered, as a table. */
export function ResultsDialog({
  title,
  result,
  onClose,
}: {
  title: string;
  result: { colnames: readonly string[]; data: readonly Record<string, unknown>[] };
  onClose: () => void;
}) {
  return (
    <div className="drill-modal" role="dialog" aria-label="View results">
      <div className="drill-modal__body">
        <h2>{title}: results</h2>
        <div className="drill-modal__rows">
          <table aria-label="Results">
            <thead>
              <tr>
                {result.colnames.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.data.map((row, i) => (
                <tr key={i}>
                  {result.colnames.map((c) => (
                    <td key={c}>{row[c] === null || row[c] === undefined ? '' : String(row[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="drill-modal__actions">
          <span className="muted">{result.data.length} rows</span>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
