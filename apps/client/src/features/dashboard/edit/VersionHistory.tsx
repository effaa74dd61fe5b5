import { useEffect, useRef } from 'react';
import { DragDropContext } from '@hello-pangea/dnd';
import type { VersionHistoryState } from '@strata/domain';
import type { EditModeFeature } from './EditMode';
import { EditGridContext } from './edit-context';
import { EditGrid } from './EditGrid';
import './version-panel.css';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/**
 * The version history (server dashboard-drafts): who saved each version, when, whose edits went in and
 * a summary; a version can be viewed read-only, or restored (which makes it a new version). Drafts an
 * owner discarded for everyone are listed too, and restored as the draft. The list follows the draft's
 * saved version and its discards, so another editor's save or discard shows up at once. A side panel
 * fixed on the right (issue 12: it used to open below the whole dashboard, out of sight); Close or
 * Escape closes it. What it shows is the page's state (`edit.history`); its buttons are the page's intents.
 */
export function VersionHistory({
  dashboard,
  history,
  dashboardId,
  savedVersion,
  discards = 0,
  gridWidth,
  escapeMarkdown,
}: {
  dashboard: EditModeFeature;
  history: VersionHistoryState;
  dashboardId: number;
  savedVersion: number;
  /** How many drafts were discarded for everyone: the list follows it. */
  discards?: number;
  gridWidth: number;
  escapeMarkdown: boolean;
}) {
  const { list, error, viewing, restoring } = history;
  const busy = restoring !== null || !!history.restoringDiscard;
  const close = () => dashboard.toggleVersionHistory(dashboardId);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dashboard.toggleVersionHistory(dashboardId);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dashboard, dashboardId]);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), []);

  // Opening the panel loads the list (the intent's effect); another editor's save or a restore moves the
  // draft's saved version, and the list follows it. A panel shown again by time travel asks nothing.
  const listedFor = useRef(`${savedVersion}/${discards}`);
  useEffect(() => {
    if (listedFor.current === `${savedVersion}/${discards}`) return;
    listedFor.current = `${savedVersion}/${discards}`;
    dashboard.loadVersions(dashboardId);
  }, [dashboard, dashboardId, savedVersion, discards]);

  return (
    <aside
      ref={panel}
      tabIndex={-1}
      className={`edit-history edit-panel${viewing ? ' edit-panel--wide' : ''}`}
      aria-label="Version history"
      onClick={(e) => e.stopPropagation()}
    >
      <div className="edit-panel__head">
        <h3>Version history</h3>
        <button type="button" aria-label="Close version history" title="Close (Escape)" onClick={close}>
          ×
        </button>
      </div>
      {error && (
        <div className="alert danger" role="alert">
          {error}
        </div>
      )}
      {list === null ? (
        <p className="muted">Loading versions…</p>
      ) : (
        <ol className="edit-history__list">
          {list.result.map((v) => (
            <li key={v.version} className="edit-history__item" data-version={v.version}>
              <div>
                <strong>Version {v.version}</strong>
                {v.version === list.current_version && <span className="badge success">current</span>}
              </div>
              <div className="muted">
                {v.saved_by.username} · {when(v.saved_at)}
              </div>
              <div className="edit-history__summary">{v.summary}</div>
              {v.authors.length > 1 && (
                <div className="muted">Edits by {v.authors.map((a) => a.username).join(', ')}</div>
              )}
              <div className="edit-history__actions">
                <button type="button" className="link" onClick={() => dashboard.viewVersion(dashboardId, v.version)}>
                  View
                </button>
                {v.version !== list.current_version && (
                  <button
                    type="button"
                    className="link"
                    disabled={busy}
                    onClick={() => void dashboard.restoreVersion(dashboardId, v.version, savedVersion)}
                  >
                    Restore
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {list?.discarded && list.discarded.length > 0 && (
        <>
          <h4 className="edit-panel__section">Discarded drafts</h4>
          <ol className="edit-history__list" aria-label="Discarded drafts">
            {list.discarded.map((d) => (
              <li key={d.discard} className="edit-history__item edit-history__item--discarded" data-discard={d.discard}>
                <div>
                  <strong>Discarded draft</strong> <span className="muted">based on version {d.based_on_version}</span>
                </div>
                <div className="muted">
                  discarded by {d.discarded_by.username} · {when(d.discarded_at)}
                </div>
                <div className="edit-history__summary">{d.summary}</div>
                {d.restorable && (
                  <div className="edit-history__actions">
                    <button
                      type="button"
                      className="link"
                      disabled={busy}
                      onClick={() => void dashboard.restoreDiscardedDraft(dashboardId, d.discard)}
                    >
                      Restore as the draft
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {viewing && (
        <div className="edit-history__view" role="region" aria-label={`Version ${viewing.info.version} (read-only)`}>
          <div className="edit-history__view-bar">
            <strong>Version {viewing.info.version} (read-only)</strong>
            <button type="button" className="link" onClick={() => dashboard.closeVersionView()}>
              Close
            </button>
          </div>
          <DragDropContext onDragEnd={() => undefined}>
            <EditGridContext.Provider
              value={{
                layout: viewing.layout,
                readOnly: true,
                selectedId: null,
                select: () => undefined,
                selections: {},
                execute: () => false,
                newId: () => '',
                escapeMarkdown,
                // The panel is narrower than the page.
                gridWidth: Math.min(gridWidth, 900),
              }}
            >
              <EditGrid />
            </EditGridContext.Provider>
          </DragDropContext>
        </div>
      )}
    </aside>
  );
}
