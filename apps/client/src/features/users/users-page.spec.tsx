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
      <UsersPage users={users} signedInId={1} />
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

  const createAlice = async () => {
    fillForm('alice', ['Gamma']);
    await screen.findByTestId('user-alice');
  };
  const row = (name: string) => screen.getByTestId(`user-${name}`);
  const panel = (name: string) => screen.getByTestId(`user-${name}-panel`);

  it("edits a user's details and roles, sending only the form's fields", async () => {
    await createAlice();
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const form = within(panel('alice')).getByRole('form', { name: 'Edit alice' });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Liddell' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'alice@example.com' } });
    fireEvent.click(within(form).getByLabelText('Alpha'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You edited alice')).toBeInTheDocument();
    await waitFor(() => expect(row('alice')).toHaveTextContent('Alice Liddell'));
    expect(within(row('alice')).getByText('Alpha')).toHaveClass('badge');
    expect(screen.queryByTestId('user-alice-panel')).toBeNull();
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/v1/security/users/2',
      body: { first_name: 'Alice', last_name: 'Liddell', email: 'alice@example.com', roles: ['Gamma', 'Alpha'] },
    });
  });

  it('deactivates and reactivates a user with one toggle', async () => {
    await createAlice();
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('You deactivated alice')).toBeInTheDocument();
    await within(row('alice')).findByRole('button', { name: 'Reactivate' });
    expect(row('alice')).toHaveTextContent('No');
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Reactivate' }));
    await within(row('alice')).findByRole('button', { name: 'Deactivate' });
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
    expect(puts).toEqual([{ active: false }, { active: true }]);
  });

  it("offers no way to lock oneself out: the admin's own Deactivate and Delete are disabled, saying why", async () => {
    const own = within(row('admin'));
    expect(own.getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(own.getByRole('button', { name: 'Deactivate' })).toHaveAttribute(
      'title',
      'You cannot deactivate your own account.',
    );
    expect(own.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(own.getByRole('button', { name: 'Delete' })).toHaveAttribute('title', 'You cannot delete your own account.');
    // Editing oneself and resetting one's own password stay available; another user's row keeps both actions.
    expect(own.getByRole('button', { name: 'Edit' })).toBeEnabled();
    await createAlice();
    expect(within(row('alice')).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    expect(within(row('alice')).getByRole('button', { name: 'Deactivate' })).not.toHaveAttribute('title');
    expect(within(row('alice')).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('does not let the admin take the Admin role away from themselves: their own Admin box is disabled, saying why', async () => {
    fireEvent.click(within(row('admin')).getByRole('button', { name: 'Edit' }));
    const own = within(within(panel('admin')).getByRole('form', { name: 'Edit admin' }));
    expect(own.getByLabelText('Admin')).toBeChecked();
    expect(own.getByLabelText('Admin')).toBeDisabled();
    expect(own.getByLabelText('Admin')).toHaveAttribute('title', 'You cannot take the Admin role away from yourself.');
    // Their other roles stay theirs to change, and the save keeps Admin.
    expect(own.getByLabelText('Alpha')).toBeEnabled();
    fireEvent.click(own.getByLabelText('Alpha'));
    fireEvent.click(own.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You edited admin')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ roles: ['Admin', 'Alpha'] });

    // On another user's row every role can be given and taken.
    await createAlice();
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const other = within(within(panel('alice')).getByRole('form', { name: 'Edit alice' }));
    expect(other.getByLabelText('Admin')).toBeEnabled();
    expect(other.getByLabelText('Admin')).not.toHaveAttribute('title');
  });

  it('deletes a user only after the confirmation', async () => {
    await createAlice();
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Delete' }));
    const confirm = within(panel('alice')).getByRole('alertdialog', { name: 'Delete alice' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(panel('alice')).getByRole('button', { name: 'Yes, delete alice' }));
    expect(await screen.findByText('User alice was deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('user-alice')).toBeNull());
    expect(server.requests.find((r) => r.method === 'DELETE')!.url).toBe('/api/v1/security/users/2');
  });

  it("resets a user's password: the admin sets a new one", async () => {
    await createAlice();
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Reset password' }));
    const form = within(panel('alice')).getByRole('form', { name: 'Reset the password of alice' });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'a brand new one' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('You reset the password of alice')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/v1/security/users/2',
      body: { password: 'a brand new one' },
    });
  });

  it('lists the roles with their permissions', () => {
    const roles = screen.getByRole('region', { name: 'Roles' });
    expect(within(roles).getByTestId('role-Alpha')).toHaveTextContent('Alpha (1 permissions)');
    expect(within(roles).getByTestId('role-Alpha')).toHaveTextContent('can_read on Chart');
    expect(within(roles).getByTestId('role-Admin')).toHaveTextContent('can_write on User');
  });
});
