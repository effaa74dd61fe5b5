import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import {
  REPLAY_SPEEDS,
  type ReplayCommand,
  type ReplayEvent,
  type ReplaySpeed,
  type ReplayState,
} from './replay.events';

export const initialReplayState = (): ReplayState => ({
  status: 'choosing',
  target: null,
  steps: [],
  before: [],
  at: -1,
  playing: false,
  speed: 1,
  refusal: null,
});

const last = (state: ReplayState) => state.steps.length - 1;

/** How long the player stays on a step at a speed: one second at 1x. */
export const replayStepMs = (speed: ReplaySpeed): number => 1000 / speed;

/**
 * The player: one step at a time, forward or back, a jump anywhere on the timeline, play and pause, four
 * speeds. Moving past either end changes nothing (no event); play from the last step starts over.
 */
function decide(command: ReplayCommand, state: ReplayState): ReplayEvent[] {
  switch (command.type) {
    case 'LoadReplay':
      return [{ type: 'replay/loaded', data: command.data }];
    case 'RefuseReplay':
      return [{ type: 'replay/loadRefused', data: command.data }];
    case 'StepForward':
      return state.at < last(state) ? [{ type: 'replay/steppedForward', data: { to: state.at + 1 } }] : [];
    case 'StepBack':
      return state.at > 0 ? [{ type: 'replay/steppedBack', data: { to: state.at - 1 } }] : [];
    case 'ScrubTo': {
      const to = command.data.to;
      if (!Number.isInteger(to) || to < 0 || to > last(state)) {
        throw new DomainError('replay_step_unknown', `There is no step ${to + 1} in this replay.`);
      }
      return to === state.at ? [] : [{ type: 'replay/scrubbed', data: { to } }];
    }
    case 'Play':
      if (state.playing || state.steps.length === 0) return [];
      return [{ type: 'replay/played', data: { from: state.at >= last(state) ? 0 : state.at } }];
    case 'Pause':
      return state.playing ? [{ type: 'replay/paused', data: { at: state.at } }] : [];
    case 'Advance':
      if (!state.playing) return [];
      if (state.at >= last(state)) return [{ type: 'replay/ended', data: { at: state.at } }];
      return [{ type: 'replay/advanced', data: { to: state.at + 1 } }];
    case 'ChangeSpeed': {
      const speed = REPLAY_SPEEDS.find((s) => s === command.data.speed);
      if (speed === undefined) {
        throw new DomainError('replay_speed_unknown', `The replay plays at ${REPLAY_SPEEDS.join('x, ')}x.`);
      }
      return speed === state.speed ? [] : [{ type: 'replay/speedChanged', data: { speed } }];
    }
    default:
      return unknownCommand(command);
  }
}

function evolve(state: ReplayState, event: ReplayEvent): ReplayState {
  switch (event.type) {
    case 'replay/loaded': {
      const { steps, before, ...target } = event.data;
      return {
        ...initialReplayState(),
        speed: state.speed,
        status: 'ready',
        target,
        steps,
        before,
        at: steps.length > 0 ? 0 : -1,
      };
    }
    case 'replay/loadRefused': {
      const { message, ...target } = event.data;
      return { ...initialReplayState(), speed: state.speed, status: 'refused', target, refusal: message };
    }
    case 'replay/steppedForward':
    case 'replay/steppedBack':
    case 'replay/scrubbed':
    case 'replay/advanced':
      return { ...state, at: Math.max(0, Math.min(event.data.to, last(state))) };
    case 'replay/played':
      return { ...state, playing: true, at: Math.max(0, Math.min(event.data.from, last(state))) };
    case 'replay/paused':
    case 'replay/ended':
      return { ...state, playing: false };
    case 'replay/speedChanged':
      return { ...state, speed: event.data.speed };
    default:
      return leaveUnchanged(event, state);
  }
}

export const replayDecider: Decider<ReplayState, ReplayEvent, ReplayCommand> = {
  initialState: initialReplayState,
  decide,
  evolve,
};
