import { envelopeBatch, EventLog, type EventLike } from '@strata/events';
import { upcastEvents } from '../../upcasters';
import { exploreDecider } from './explore.decider';
import { opened } from './testing/fixtures';
import { isUndoableExploreEvent } from './undoable';

/** Reads events as an imported time-travel file is read: upcast, then folded. */
const foldAsRead = (events: readonly EventLike[]) =>
  EventLog.from(
    exploreDecider,
    upcastEvents(
      events.map(
        (e, n) =>
          envelopeBatch(
            [e],
            { actor: '1', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
            {
              stream: 'explore',
              version: n + 1,
            },
          )[0]!,
      ),
    ),
  ).state;

const starred = { ...opened(), data: { ...opened().data, isStarred: true } } as EventLike;

describe('Explore upcasters: a log written before the star setter was split', () => {
  it('reads starToggled {isStarred: true} as chartFavorited and folds to the same state', () => {
    const old = foldAsRead([opened(), { type: 'explore/starToggled', data: { isStarred: true } }]);
    expect(old).toEqual(foldAsRead([opened(), { type: 'explore/chartFavorited', data: {} }]));
    expect(old.isStarred).toBe(true);
  });

  it('reads starToggled {isStarred: false} as chartUnfavorited and folds to the same state', () => {
    const old = foldAsRead([starred, { type: 'explore/starToggled', data: { isStarred: false } }]);
    expect(old).toEqual(foldAsRead([starred, { type: 'explore/chartUnfavorited', data: {} }]));
    expect(old.isStarred).toBe(false);
  });

  it('keeps the old envelope, and the upcast event is no undo step, as the old one was not', () => {
    const [event] = upcastEvents(
      envelopeBatch(
        [{ type: 'explore/starToggled', data: { isStarred: true } }],
        { actor: '1', at: '2026-01-01T00:00:00Z', batchId: 'b' },
        { stream: 'explore', version: 3 },
      ),
    );
    expect(event).toMatchObject({ id: 'b:0', version: 3, type: 'explore/chartFavorited', data: {} });
    expect(isUndoableExploreEvent(event!.type)).toBe(false);
  });
});
