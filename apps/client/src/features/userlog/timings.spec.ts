import { Subject } from 'rxjs';
import type { UserLogEntry } from './user-log';
import { foldTiming, initialTimingState, logTimings, type TimingMark, type TimingState } from './timings';

const entry = (event_name: string) => () => ({ event_name });
const fold = (marks: [TimingMark, number][]): TimingState[] => {
  const states: TimingState[] = [];
  marks.reduce((state, [mark, at]) => {
    const next = foldTiming(state, { mark, at });
    states.push(next);
    return next;
  }, initialTimingState());
  return states;
};

describe('timing fold', () => {
  it('a start, a lap and an end log the time of each step since the mark before it', () => {
    const states = fold([
      [{ kind: 'start', key: 'q1' }, 100],
      [{ kind: 'lap', key: 'q1', entry: entry('load_chart') }, 520.4],
      [{ kind: 'end', key: 'q1', entry: entry('render_chart') }, 600],
    ]);
    expect(states.map((s) => s.out)).toEqual([
      [],
      [{ event_name: 'load_chart', event_type: 'timing', duration: 420, start_offset: 100 }],
      [{ event_name: 'render_chart', event_type: 'timing', duration: 80, start_offset: 520 }],
    ]);
    expect(states.at(-1)!.marks).toEqual({});
  });

  it('a dropped key, or one never started, logs nothing; other keys keep their clocks', () => {
    const states = fold([
      [{ kind: 'start', key: 'a' }, 0],
      [{ kind: 'start', key: 'b' }, 10],
      [{ kind: 'drop', key: 'a' }, 20],
      [{ kind: 'end', key: 'a', entry: entry('render_chart') }, 30],
      [{ kind: 'end', key: 'never', entry: entry('render_chart') }, 40],
      [{ kind: 'end', key: 'b', entry: entry('sqllab_query') }, 50],
    ]);
    expect(states.flatMap((s) => s.out)).toEqual([
      { event_name: 'sqllab_query', event_type: 'timing', duration: 40, start_offset: 10 },
    ]);
  });

  it('logTimings reads the clock as each fact arrives and logs what the fold measured', () => {
    const facts = new Subject<TimingMark | TimingMark[] | null>();
    const logged: UserLogEntry[] = [];
    let now = 0;
    const subscription = logTimings(
      facts,
      (f) => f,
      { log: (e) => logged.push(e) },
      () => now,
    );
    facts.next({ kind: 'start', key: 'q' });
    now = 250;
    facts.next(null);
    facts.next([
      { kind: 'end', key: 'q', entry: entry('sqllab_query') },
      { kind: 'start', key: 'r' },
    ]);
    subscription.unsubscribe();
    expect(logged).toEqual([{ event_name: 'sqllab_query', event_type: 'timing', duration: 250, start_offset: 0 }]);
  });
});
