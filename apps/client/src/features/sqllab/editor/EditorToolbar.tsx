import type { ReactNode } from 'react';

export interface EditorToolbarProps {
  /** Controls shown after the run buttons (CREATE TABLE AS). */
  extra?: ReactNode;
  running: boolean;
  canRun: boolean;
  hasSelection: boolean;
  queryLimit: number;
  limitOptions: readonly number[];
  saved: boolean;
  canUndo: boolean;
  canRedo: boolean;
  leftBarHidden: boolean;
  canEstimate: boolean;
  paramsOpen: boolean;
  hasParams: boolean;
  onToggleParams(): void;
  onCopyLink(): void;
  onRun(selectionOnly: boolean): void;
  onStop(): void;
  onFormat(): void;
  onEstimate(): void;
  onSave(): void;
  onLimit(limit: number): void;
  onToggleLeftBar(): void;
  onUndo(): void;
  onRedo(): void;
}

/** The limit dropdown's choices: powers of ten from 10 up to SQL_MAX_ROW, plus the tab's own value. */
export function limitOptions(maxRow: number, current: number): number[] {
  const options: number[] = [];
  for (let n = 10; n <= maxRow; n *= 10) options.push(n);
  if (!options.includes(maxRow)) options.push(maxRow);
  if (!options.includes(current) && current <= maxRow) options.push(current);
  return options.sort((a, b) => a - b);
}

export function EditorToolbar(props: EditorToolbarProps) {
  return (
    <div className="sqllab-toolbar" role="toolbar" aria-label="Query actions">
      <button
        type="button"
        className="link-button"
        onClick={props.onToggleLeftBar}
        aria-label={props.leftBarHidden ? 'Show left bar' : 'Hide left bar'}
      >
        {props.leftBarHidden ? '»' : '«'}
      </button>
      {props.running ? (
        <button type="button" className="primary" onClick={props.onStop}>
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={!props.canRun}
          onClick={() => props.onRun(false)}
          title="Ctrl+Enter"
        >
          Run
        </button>
      )}
      <button
        type="button"
        disabled={!props.canRun || !props.hasSelection || props.running}
        onClick={() => props.onRun(true)}
      >
        Run selection
      </button>
      {props.extra}
      <label className="sqllab-inline">
        <span className="muted">Limit</span>
        <select aria-label="Limit" value={props.queryLimit} onChange={(e) => props.onLimit(Number(e.target.value))}>
          {props.limitOptions.map((n) => (
            <option key={n} value={n}>
              {n.toLocaleString('en-US')}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={props.onFormat} title="Format SQL">
        Format
      </button>
      {props.canEstimate && (
        <button type="button" onClick={props.onEstimate} disabled={!props.canRun}>
          Estimate cost
        </button>
      )}
      <button type="button" aria-pressed={props.paramsOpen} onClick={props.onToggleParams}>
        Parameters{props.hasParams ? ' •' : ''}
      </button>
      <button type="button" onClick={props.onSave} disabled={!props.canRun}>
        {props.saved ? 'Update' : 'Save'}
      </button>
      <button type="button" onClick={props.onCopyLink} disabled={!props.canRun} title="Copy a link to this query">
        Copy link
      </button>
      <span className="sqllab-spacer" />
      <button type="button" onClick={props.onUndo} disabled={!props.canUndo} title="Undo tab operation (Ctrl+Z)">
        Undo
      </button>
      <button type="button" onClick={props.onRedo} disabled={!props.canRedo} title="Redo tab operation (Ctrl+Shift+Z)">
        Redo
      </button>
    </div>
  );
}
