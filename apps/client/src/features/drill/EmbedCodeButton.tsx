import { useState } from 'react';
import { canShareChart } from '@strata/domain';
import { useSignedInUser } from '../reports/state/reports-context';
import { useDrill } from './drill-context';
import { chartPermalink, embedCode } from './share';
import './drill.css';

/**
 * Explore's "Embed code" (Superset's share menu): an iframe snippet of a new permalink of the chart as
 * built, shown to copy. Only for users with can_share_chart.
 */
export function EmbedCodeButton({
  title,
  formData,
  disabled,
}: {
  title: string;
  formData: Readonly<Record<string, unknown>>;
  disabled?: boolean;
}) {
  const drill = useDrill();
  const allowed = canShareChart(useSignedInUser());
  // The snippet shown, or the refusal: how the page is looked at, not a fact.
  const [shown, setShown] = useState<{ code: string } | { error: string } | null>(null);
  if (!drill || !allowed) return null;
  const open = () =>
    chartPermalink(drill.api, formData).then(
      (url) => setShown({ code: embedCode(url) }),
      (e: unknown) => setShown({ error: e instanceof Error ? e.message : String(e) }),
    );
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => void open()}>
        Embed code
      </button>
      {shown && (
        <div className="drill-modal" role="dialog" aria-label="Embed code">
          <div className="drill-modal__body">
            <h2>Embed code: {title}</h2>
            {'code' in shown ? (
              <textarea className="drill-embed" readOnly value={shown.code} aria-label="Embed code" />
            ) : (
              <div className="explore-alert danger" role="alert">
                {shown.error}
              </div>
            )}
            <div className="drill-modal__actions">
              {'code' in shown && (
                <button type="button" onClick={() => void navigator.clipboard?.writeText(shown.code)}>
                  Copy
                </button>
              )}
              <button type="button" onClick={() => setShown(null)}>
                Close
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
