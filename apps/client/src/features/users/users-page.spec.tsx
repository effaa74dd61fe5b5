import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTestContext } from '../../shared/test-context';
import { securityApi } from '../../testing/security-api';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { ErrorModal } from '../errors/ErrorModal';
import { createErrors, type ErrorsFeature } from '../errors/errors.feature';
import { ToastList } from '../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { createUsers, type UsersFeature } from './users.feature';
import { UsersPage } from './UsersPage';

let server: TestServer;
let toasts: ToastsFeature;
let errors: ErrorsFeature;
let users: UsersFeature;

beforeEach(async () => {
  server = await new TestServer(securityApi()).start();
  const context = createTestContext();
  const http = new HttpClient({ baseUrl: server.baseUrl });
  toasts = createToasts(context);
  errors = createErrors(context, toasts);
  users = createUsers(context, http, { toasts, errors });
  render(
    <>
      <UsersPage users={users} />
      <ErrorModal errors={errors} />
      <ToastList toasts={toasts} />
    </>,
  );
  await screen.findByTestId('user-admin');
});

afterEach(async () => {
  users.dispose();
  toasts.dispose();
  await server.stop();
});

const form = () => screen.getByRole('form', { name: 'Create a user' });

function fillForm(username: string, roles: string[]) {
  fireEvent.change(within(form()).getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(within(form()).getByLabelText('Password'), { target: { value: 'a long password' } });
  fireEvent.change(within(form()).getByLabelText('First name'), { target: { value: 'Alice' } });
  for (const role of roles) fireEvent.click(within(form()).getByLabelText(role));
  fireEvent.click(within(form()).getByRole('button', { name: 'Create user' }));
}

describe('users page', () => {
  it('lists the users with their roles', () => {
    const row = screen.getByTestId('user-admin');
    expect(row).toHaveTextContent('Ada Admin');
    expect(within(row).getByText('Admin')).toHaveClass('badge');
  });

  it('creates a user with roles, sending the CSRF token, and confirms with a toast', async () => {
    fillForm('alice', ['Gamma']);
    expect(await screen.findByText('User alice was created')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-alice')).getByText('Gamma')).toBeInTheDocument();
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(post.headers['x-csrftoken']).toBe('csrf-1');
    expect(post.body).toEqual({
      username: 'alice',
      password: 'a long password',
      first_name: 'Alice',
      last_name: '',
      email: '',
      roles: ['Gamma'],
    });
    // The form is cleared for the next user.
    expect(within(form()).getByLabelText('Username')).toHaveValue('');
  });

  it('opens the error modal when the username is taken, keeping what was typed', async () => {
    fillForm('admin', ['Alpha']);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Could not create user admin');
    expect(within(dialog).getByText('A user named admin already exists.')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Username')).toHaveValue('admin');
  });

  it("changes a user's roles in place", async () => {
    const row = screen.getByTestId('user-admin');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit roles' }));
    fireEvent.click(within(row).getByLabelText('Alpha'));
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roles of admin were changed')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('user-admin')).getByText('Alpha')).toHaveClass('badge'));
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/v1/security/users/1',
      body: { roles: ['Admin', 'Alpha'] },
    });
  });
});
