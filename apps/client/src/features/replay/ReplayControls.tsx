import { REPLAY_SPEEDS, type ReplayState } from '@strata/domain';
import type { ReplayFeature } from './replay.feature';

const clock = (iso: string) => new Date(iso).toLocaleString();

/** Play, pause, step back and forward, the speed, and the timeline scrubber (one notch per intent). */
export function ReplayControls({ replay, state }: { replay: ReplayFeature; state: ReplayState }) {
  const { steps, at, playing, speed } = state;
  const step = steps[at];
  const empty = steps.length === 0;
  return (
    <div className="replay-controls" role="group" aria-label="Replay controls">
      <div className="replay-controls__buttons">
        <button
          type="button"
          onClick={() => replay.execute({ type: 'StepBack' })}
          disabled={empty || at <= 0}
          aria-label="Step back"
        >
          Back
        </button>
        {playing ? (
          <button type="button" className="primary" onClick={() => replay.execute({ type: 'Pause' })}>
            Pause
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => replay.execute({ type: 'Play' })} disabled={empty}>
            Play
          </button>
        )}
        <button
          type="button"
          onClick={() => replay.execute({ type: 'StepForward' })}
          disabled={empty || at >= steps.length - 1}
          aria-label="Step forward"
        >
          Forward
        </button>
        <label>
          Speed{' '}
          <select
            aria-label="Speed"
            value={speed}
            onChange={(e) => replay.execute({ type: 'ChangeSpeed', data: { speed: Number(e.target.value) } })}
          >
            {REPLAY_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </label>
      </div>
      <input
        type="range"
        className="replay-controls__timeline"
        aria-label="Timeline"
        min={0}
        max={Math.max(0, steps.length - 1)}
        value={Math.max(0, at)}
        disabled={empty}
        onChange={(e) => replay.execute({ type: 'ScrubTo', data: { to: Number(e.target.value) } })}
      />
      {step ? (
        <p className="replay-controls__step" data-testid="replay-step">
          <strong>
            Step {at + 1} of {steps.length}
          </strong>{' '}
          <span className="muted">
            {clock(step.time)} · log position {step.position}
          </span>
          <br />
          <span data-testid="replay-summary">{step.summary}</span>
          {step.undone && <span className="muted"> (undone later)</span>}
        </p>
      ) : (
        <p className="muted">No intent of this user in this time range.</p>
      )}
    </div>
  );
}
