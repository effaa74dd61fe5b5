/**
 * Issue 13 item 4: the form of /replay/ without parameters. Admins pick any user (the users list, read
 * over real HTTP); others only themselves. The range goes out as ISO times.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { HttpClient } from '../api/http-client';
import { TestServer } from '../../testing/test-server';
import { ReplayForm } from './ReplayForm';
import { replayApi } from './replay-api';
import type { ReplayRequest } from './replay.feature';
import { replayRequestOf } from './ReplayRoute';

let server: TestServer;
const ME = { id: 1, username: 'admin' };
const NOW = '2026-01-02T10:00:00.000Z';

beforeEach(async () => {
  server = await new TestServer(({ url }) =>
    url.startsWith('/api/v1/security/users/')
      ? { status: 200, body: { result: [ME, { id: 2, username: 'bob' }] } }
      : undefined,
  ).start();
});
afterEach(() => server.stop());

function renderForm(admin: boolean) {
  const chosen: ReplayRequest[] = [];
  render(
    <ReplayForm
      api={replayApi(new HttpClient({ baseUrl: server.baseUrl }))}
      me={ME}
      admin={admin}
      initial={{}}
      now={NOW}
      onChoose={(r) => chosen.push(r)}
    />,
  );
  return chosen;
}

describe('the replay form', () => {
  it('an admin picks another user and a range; the replay is asked for in ISO times', async () => {
    const chosen = renderForm(true);
    await screen.findByRole('option', { name: 'bob' });
    fireEvent.change(screen.getByRole('combobox', { name: 'User' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.userId).toBe(2);
    expect(Date.parse(chosen[0]!.until) - Date.parse(chosen[0]!.since)).toBe(86_400_000);
  });

  it('anyone else may only replay their own session: no users list is read', () => {
    renderForm(false);
    expect(screen.getByRole('combobox', { name: 'User' })).toBeDisabled();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['admin']);
    expect(server.requests).toEqual([]);
  });

  it('the address gives the request, or nothing when a part is missing or unreadable', () => {
    const of = (search: string) => replayRequestOf(new URLSearchParams(search));
    expect(of('user=2&since=2026-01-01T00:00:00Z&until=2026-01-02T00:00:00Z')).toEqual({
      userId: 2,
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-01-02T00:00:00.000Z',
    });
    expect(of('user=2&since=2026-01-01T00:00:00Z')).toBeNull();
    expect(of('user=x&since=2026-01-01T00:00:00Z&until=2026-01-02T00:00:00Z')).toBeNull();
    expect(of('user=2&since=yesterday&until=2026-01-02T00:00:00Z')).toBeNull();
  });
});
