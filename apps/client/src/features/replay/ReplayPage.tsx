import { useEffect, useRef, useState } from 'react';
import { rowsUpTo, type ReplayState } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { guardReadOnly } from '../timetravel/read-only-guard';
import { DashboardReplay } from './DashboardReplay';
import { ExploreReplay } from './ExploreReplay';
import { ReplayControls } from './ReplayControls';
import { SqlLabReplay } from './SqlLabReplay';
import type { ReplayFeature } from './replay.feature';
import './replay.css';

const PAGE_TITLE = { sqllab: 'SQL Lab', explore: 'Explore', dashboard: 'Dashboard', other: 'Elsewhere' } as const;

/** The page of the step: SQL Lab, Explore or the dashboard as the user saw them then. */
function Stage({ replay, state }: { replay: ReplayFeature; state: ReplayState }) {
  const step = state.steps[state.at];
  if (!step) return null;
  switch (step.page) {
    case 'sqllab':
      return <SqlLabReplay replay={replay} />;
    case 'dashboard':
      return <DashboardReplay api={replay.api} step={step} rows={rowsUpTo(state.steps, state.at)} />;
    case 'explore':
      return (
        <ExploreReplay api={replay.api} step={step} rows={[...state.before, ...rowsUpTo(state.steps, state.at)]} />
      );
    case 'other':
      return <p className="card">{step.summary}</p>;
  }
}

/**
 * /replay/: a user's intents in a time range, one step at a time, on the pages they happened on. The
 * stage is read-only twice: its parts get no handler that could write, and the time-travel guard stops
 * any input in it before the page sees it (the player's controls are outside the stage).
 */
export function ReplayPage({ replay }: { replay: ReplayFeature }) {
  const state = useStoreState(replay.store.state$);
  const stage = useRef<HTMLDivElement>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    return guardReadOnly(element, () => setRefused(true));
  }, [state.status]);

  if (state.status === 'choosing') return <p className="muted">Loading the session…</p>;
  const who = state.target?.username ?? `user ${state.target?.userId ?? ''}`;
  if (state.status === 'refused') {
    return (
      <div className="card" role="alert" data-testid="replay-refused">
        <h1>Cannot replay {who}</h1>
        <p>{state.refusal}</p>
      </div>
    );
  }
  const step = state.steps[state.at];
  return (
    <div className="replay">
      <div className="replay-banner" role="status" data-testid="replay-banner">
        <strong>Replaying {who} — read only</strong>
        <span className="muted">
          {' '}
          {new Date(state.target!.since).toLocaleString()} to {new Date(state.target!.until).toLocaleString()}. Nothing
          is written and no query runs.
        </span>
        {refused && <span role="alert"> This is a replay: nothing here can be changed.</span>}
      </div>
      <ReplayControls replay={replay} state={state} />
      {step && (
        <h2 className="replay-page-title" data-testid="replay-page">
          {PAGE_TITLE[step.page]}
          {step.objectName && ` · ${step.objectName}`}
        </h2>
      )}
      <div className="replay-stage" ref={stage} data-testid="replay-stage" aria-readonly="true">
        <Stage replay={replay} state={state} />
      </div>
    </div>
  );
}
