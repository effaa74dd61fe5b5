import { deciderSpec } from '../../testing/decider-spec';
import { replayDecider, replayStepMs } from './replay.decider';
import type { ReplayEvent } from './replay.events';
import { replaySteps } from './replay.steps';
import { sqlEdited, tabCreated } from './replay.fixture';

const spec = deciderSpec(replayDecider);
const target = { userId: 2, username: 'bob', since: '2026-01-01T00:00:00.000Z', until: '2026-01-02T00:00:00.000Z' };
const steps = replaySteps([tabCreated(1, 10), sqlEdited(2, 10, 'SELECT 1'), sqlEdited(3, 10, 'SELECT 2')]);
const loaded: ReplayEvent = { type: 'replay/loaded', data: { ...target, steps, before: [] } };

describe('the replay player', () => {
  it('a loaded replay shows its first step, paused', () => {
    spec.given([loaded]).thenState({
      status: 'ready',
      target,
      steps,
      before: [],
      at: 0,
      playing: false,
      speed: 1,
      refusal: null,
    });
  });

  it('a refused replay says why and has no steps', () => {
    spec
      .given([{ type: 'replay/loadRefused', data: { ...target, message: 'You may only see your own activity.' } }])
      .thenState({
        status: 'refused',
        target,
        steps: [],
        before: [],
        at: -1,
        playing: false,
        speed: 1,
        refusal: 'You may only see your own activity.',
      });
  });

  it('steps forward and back one intent at a time, and not past either end', () => {
    spec
      .given([loaded])
      .when({ type: 'StepForward' })
      .then([{ type: 'replay/steppedForward', data: { to: 1 } }]);
    spec.given([loaded]).when({ type: 'StepBack' }).then([]);
    const atEnd: ReplayEvent = { type: 'replay/scrubbed', data: { to: 2 } };
    spec.given([loaded, atEnd]).when({ type: 'StepForward' }).then([]);
    spec
      .given([loaded, atEnd])
      .when({ type: 'StepBack' })
      .then([{ type: 'replay/steppedBack', data: { to: 1 } }]);
  });

  it('the scrubber jumps to any step of the timeline, and refuses one that is not there', () => {
    spec
      .given([loaded])
      .when({ type: 'ScrubTo', data: { to: 2 } })
      .then([{ type: 'replay/scrubbed', data: { to: 2 } }]);
    spec
      .given([loaded])
      .when({ type: 'ScrubTo', data: { to: 3 } })
      .thenThrows('replay_step_unknown');
  });

  it('plays until the last step, then stops; play again starts over', () => {
    const played: ReplayEvent = { type: 'replay/played', data: { from: 0 } };
    spec.given([loaded]).when({ type: 'Play' }).then([played]);
    spec
      .given([loaded, played])
      .when({ type: 'Advance' })
      .then([{ type: 'replay/advanced', data: { to: 1 } }]);
    const last: ReplayEvent = { type: 'replay/advanced', data: { to: 2 } };
    spec
      .given([loaded, played, last])
      .when({ type: 'Advance' })
      .then([{ type: 'replay/ended', data: { at: 2 } }]);
    const ended: ReplayEvent = { type: 'replay/ended', data: { at: 2 } };
    spec.given([loaded, played, last, ended]).when({ type: 'Advance' }).then([]);
    spec.given([loaded, played, last, ended]).when({ type: 'Play' }).then([played]);
  });

  it('pause keeps the step; a paused player does not advance', () => {
    const played: ReplayEvent = { type: 'replay/played', data: { from: 0 } };
    spec
      .given([loaded, played])
      .when({ type: 'Pause' })
      .then([{ type: 'replay/paused', data: { at: 0 } }]);
    spec.given([loaded]).when({ type: 'Advance' }).then([]);
  });

  it('plays at 0.5x, 1x, 2x and 4x only', () => {
    spec
      .given([loaded])
      .when({ type: 'ChangeSpeed', data: { speed: 4 } })
      .then([{ type: 'replay/speedChanged', data: { speed: 4 } }]);
    spec
      .given([loaded])
      .when({ type: 'ChangeSpeed', data: { speed: 3 } })
      .thenThrows('replay_speed_unknown');
    expect([0.5, 1, 2, 4].map((s) => replayStepMs(s as 0.5 | 1 | 2 | 4))).toEqual([2000, 1000, 500, 250]);
  });
});
