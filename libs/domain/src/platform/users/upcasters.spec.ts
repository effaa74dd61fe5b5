import type { Envelope } from '@strata/events';
import { upcastEvents } from '../../upcasters';
import { userDecider } from './user.decider';
import type { UserEvent } from './user.events';

const stored = (version: number, type: string, data: unknown): Envelope => ({
  id: `e${version}`,
  stream: 'user:7',
  version,
  type,
  data,
  meta: { actor: '1', at: '2026-01-01T00:00:00.000Z', batchId: `b${version}` },
});
const created = stored(1, 'security/userCreated', {
  id: 7,
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  roles: ['Gamma'],
});
const fold = (events: Envelope[]) =>
  upcastEvents(events).reduce((s, e) => userDecider.evolve(s, e as unknown as UserEvent), userDecider.initialState());

describe('old user events', () => {
  it('userProfileChanged {firstName?, lastName?, email?} is read as one event per field, in the same version', () => {
    const events = upcastEvents([
      created,
      stored(2, 'security/userProfileChanged', { lastName: 'Souza', email: 'a@b.co' }),
    ]);
    expect(events.slice(1).map((e) => [e.type, e.data, e.version])).toEqual([
      ['security/userLastNameChanged', { lastName: 'Souza' }, 2],
      ['security/userEmailChanged', { email: 'a@b.co' }, 2],
    ]);
  });

  it('folds to the profile the old event recorded', () => {
    const state = fold([created, stored(2, 'security/userProfileChanged', { firstName: 'Anna', email: 'a@b.co' })]);
    expect(state).toMatchObject({ firstName: 'Anna', lastName: 'Lima', email: 'a@b.co' });
  });
});
