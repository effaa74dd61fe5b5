import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Me } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { securityApi } from '../../testing/security-api';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createProfile, type ProfileFeature } from './profile.feature';
import { ProfilePage } from './ProfilePage';

const me: Me = {
  id: 2,
  username: 'bob',
  first_name: 'Bob',
  last_name: 'Berg',
  email: 'bob@example.com',
  roles: { Gamma: [] },
} as unknown as Me;

let server: TestServer;
let profile: ProfileFeature;
let signedInAgain: number;

beforeEach(async () => {
  server = await new TestServer(securityApi()).start();
  profile = createProfile(createTestContext(), new HttpClient({ baseUrl: server.baseUrl }));
  signedInAgain = 0;
  render(<ProfilePage user={me} profile={profile} onSignInAgain={() => (signedInAgain += 1)} />);
});

afterEach(async () => {
  profile.dispose();
  await server.stop();
});

const form = () => screen.getByRole('form', { name: 'Change your password' });
function change(current: string, next: string, repeat = next) {
  fireEvent.change(within(form()).getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(within(form()).getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(within(form()).getByLabelText('Repeat the new password'), { target: { value: repeat } });
}

describe('profile page', () => {
  it('shows who the user is and their roles', () => {
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(account).toHaveTextContent('bob');
    expect(account).toHaveTextContent('Bob Berg');
    expect(account).toHaveTextContent('Gamma');
  });

  it('shows the refusal of a wrong current password and keeps the form', async () => {
    change('a wrong one', 'my new password');
    fireEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(within(form()).getByLabelText('Current password')).toHaveValue('a wrong one');
  });

  it('does not send two new passwords that differ', () => {
    change('the-current-one', 'my new password', 'my new passwort');
    expect(screen.getByText('The new passwords differ.')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Change password' })).toBeDisabled();
  });

  it('changes the password with the current one, then offers to sign in again', async () => {
    change('the-current-one', 'my new password');
    fireEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your password was changed. Sign in again with the new password.');
    expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/v1/me/password',
      body: { current_password: 'the-current-one', new_password: 'my new password' },
      headers: { 'x-csrftoken': 'csrf-1' },
    });
    fireEvent.click(within(done).getByRole('button', { name: 'Sign in again' }));
    expect(signedInAgain).toBe(1);
  });
});
