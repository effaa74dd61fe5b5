import { filter, firstValueFrom } from 'rxjs';
import type { Envelope } from '@strata/events';
import { scriptedTransport } from './testing/scripted-transport';
import { followNewVersions, type NewVersion } from './new-versions';

const fact = (version: number, type: string, actor: string, data: unknown = {}): Envelope => ({
  id: `e${version}`,
  stream: 'dashboard:7',
  version,
  type,
  data,
  meta: { actor, at: '2026-11-27T00:00:00.000Z', batchId: `b${version}`, undoable: false },
});

describe('view mode follows the saved dashboard for new versions (issue 12)', () => {
  it('subscribes from the loaded version, tells of others’ saves with their names, and resumes after a reconnect', async () => {
    const w = scriptedTransport();
    const names: Record<string, string> = { '2': 'bob', '3': 'carol' };
    const follow = followNewVersions({
      dashboardId: 7,
      fromVersion: 4,
      me: '1',
      transport: w.transport,
      nameOf: async (e) => names[e.meta.actor] ?? null,
    });
    const seen: (NewVersion | null)[] = [];
    follow.notice$.subscribe((n) => seen.push(n));
    const told = (version: number) => firstValueFrom(follow.notice$.pipe(filter((n) => n?.version === version)));

    w.connected$.next(true);
    expect(w.sent).toEqual([expect.objectContaining({ type: 'subscribe', stream: 'dashboard:7', fromVersion: 4 })]);
    // The catch-up holds one fact older than the page (already shown) and the viewer's own save: no news.
    w.messages$.next({
      type: 'subscribed',
      stream: 'dashboard:7',
      version: 5,
      events: [fact(4, 'x', '2'), fact(5, 'dashboard/dashboardRenamed', '1')],
    });

    w.messages$.next({
      type: 'events',
      stream: 'dashboard:7',
      events: [fact(6, 'dashboard/layoutPublished', '2', { draftVersion: 3 })],
    });
    expect(await told(6)).toEqual({ version: 6, by: 'bob' });

    // Another stream's events and a deletion are not news.
    w.messages$.next({ type: 'events', stream: 'dashboard:8', events: [fact(9, 'dashboard/layoutPublished', '3')] });
    w.messages$.next({ type: 'events', stream: 'dashboard:7', events: [fact(7, 'dashboard/dashboardDeleted', '3')] });

    // After a cut, only what came after the last fact received is asked for.
    w.connected$.next(false);
    w.connected$.next(true);
    expect(w.sent.at(-1)).toMatchObject({ type: 'subscribe', fromVersion: 7 });
    w.messages$.next({
      type: 'subscribed',
      stream: 'dashboard:7',
      version: 8,
      events: [fact(8, 'dashboard/cssEdited', '3')],
    });
    expect(await told(8)).toEqual({ version: 8, by: 'carol' });
    // Nothing was told of the other stream, the deletion, the older fact or the viewer's own save.
    expect(seen).toEqual([null, { version: 6, by: 'bob' }, { version: 8, by: 'carol' }]);

    follow.close();
    expect(w.sent.at(-1)).toEqual({ type: 'unsubscribe', stream: 'dashboard:7' });
  });
});
