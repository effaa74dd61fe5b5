import {
  canDownloadCsv,
  drillByFormData,
  drillPageCount,
  type DrillByModal,
  type DrillDetailModal,
} from '@strata/domain';
import { ChartRenderer, type ChartDataResult } from '../charts/viz';
import { useStoreState } from '../../shared/use-store-state';
import { useSignedInUser } from '../reports/state/reports-context';
import { useDrill } from './drill-context';
import type { DrillFeature } from './drill.feature';
import './drill.css';

/** The page's drill modal, if one is open (mounted once per page: Explore, a dashboard). */
export function DrillModals({ onError }: { onError?: (title: string, error: unknown) => void }) {
  const drill = useDrill();
  if (!drill) return null;
  return <OpenModal drill={drill} onError={onError} />;
}

function OpenModal({ drill, onError }: { drill: DrillFeature; onError?: (title: string, error: unknown) => void }) {
  const { modal } = useStoreState(drill.store.state$);
  const canCsv = canDownloadCsv(useSignedInUser());
  if (!modal) return null;
  return (
    <div className="drill-modal" role="dialog" aria-label={modal.kind === 'detail' ? 'Drill to detail' : 'Drill by'}>
      <div className="drill-modal__body">
        {modal.kind === 'detail' ? (
          <DetailBody drill={drill} modal={modal} canCsv={canCsv} onError={onError} />
        ) : (
          <ByBody drill={drill} modal={modal} />
        )}
        <div className="drill-modal__actions">
          <button type="button" onClick={() => drill.close()}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function DetailBody({
  drill,
  modal,
  canCsv,
  onError,
}: {
  drill: DrillFeature;
  modal: DrillDetailModal;
  canCsv: boolean;
  onError?: (title: string, error: unknown) => void;
}) {
  const pages = drillPageCount(modal);
  const download = (format: 'csv' | 'xlsx') =>
    drill.download(format).catch((e: unknown) => onError?.(`Could not download ${format.toUpperCase()}`, e));
  return (
    <>
      <h2>
        Drill to detail{modal.label ? ` by ${modal.label}` : ''}: {modal.target.title}
      </h2>
      {modal.status === 'failed' && (
        <div className="explore-alert danger" role="alert">
          {modal.message}
        </div>
      )}
      <div className="drill-modal__rows" aria-busy={modal.status === 'loading'}>
        {modal.status === 'loading' && <p role="status">Loading…</p>}
        {modal.colnames && modal.rows && (
          <table aria-label="Drilled rows">
            <thead>
              <tr>
                {modal.colnames.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {modal.rows.map((row, i) => (
                <tr key={i}>
                  {modal.colnames!.map((c) => (
                    <td key={c}>{cell(row[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="drill-modal__actions">
        <span className="muted" data-testid="drill-count">
          {modal.total ?? 0} rows · page {modal.page} of {pages}
        </span>
        <button type="button" disabled={modal.page <= 1} onClick={() => drill.turnPage(modal.page - 1)}>
          Previous
        </button>
        <button type="button" disabled={modal.page >= pages} onClick={() => drill.turnPage(modal.page + 1)}>
          Next
        </button>
        {canCsv && (
          <>
            <button type="button" onClick={() => void download('csv')}>
              Download CSV
            </button>
            <button type="button" onClick={() => void download('xlsx')}>
              Download XLSX
            </button>
          </>
        )}
      </div>
    </>
  );
}

function ByBody({ drill, modal }: { drill: DrillFeature; modal: DrillByModal }) {
  const formData = modal.column ? drillByFormData(modal.target.formData, modal.column, modal.filters) : null;
  return (
    <>
      <h2>
        Drill by {modal.column}
        {modal.label ? ` (${modal.label})` : ''}: {modal.target.title}
      </h2>
      <label>
        Group by{' '}
        <select value={modal.column ?? ''} onChange={(e) => drill.chooseColumn(e.target.value)}>
          {modal.columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {modal.status === 'loading' && <p role="status">Loading…</p>}
      {modal.status === 'failed' && (
        <div className="explore-alert danger" role="alert">
          {modal.message}
        </div>
      )}
      {modal.status === 'loaded' && formData && modal.result && (
        <ChartRenderer
          vizType={String(formData.viz_type ?? 'table')}
          formData={formData}
          queriesData={modal.result as ChartDataResult[]}
          width={840}
          height={420}
        />
      )}
    </>
  );
}
