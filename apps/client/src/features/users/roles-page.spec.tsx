import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
let users: UsersFeature;

beforeEach(async () => {
  server = await new TestServer(securityApi()).start();
  const context = createTestContext();
  toasts = createToasts(context);
  const errors: ErrorsFeature = createErrors(context, toasts);
  users = createUsers(context, new HttpClient({ baseUrl: server.baseUrl }), { toasts, errors });
  render(
    <>
      <UsersPage users={users} signedInId={1} />
      <ErrorModal errors={errors} />
      <ToastList toasts={toasts} />
    </>,
  );
  await screen.findByTestId('role-Admin');
});

afterEach(async () => {
  users.dispose();
  toasts.dispose();
  await server.stop();
});

const roles = () => screen.getByRole('region', { name: 'Roles' });
const role = (name: string) => screen.getByTestId(`role-${name}`);

async function addAnalysts() {
  fireEvent.click(within(roles()).getByRole('button', { name: 'Add role' }));
  const form = within(roles()).getByRole('form', { name: 'Add a role' });
  fireEvent.change(within(form).getByLabelText('Role name'), { target: { value: 'analysts' } });
  fireEvent.click(within(form).getByLabelText('can_read on Chart'));
  fireEvent.click(within(form).getByLabelText('can_read on Dashboard'));
  fireEvent.click(within(form).getByRole('button', { name: 'Create role' }));
  expect(await screen.findByText('Role analysts was created')).toBeInTheDocument();
}

describe('roles on the users page', () => {
  it('built-in roles are read-only', () => {
    expect(within(role('Alpha')).getByText('built-in')).toBeInTheDocument();
    expect(within(role('Alpha')).queryByRole('button', { name: 'Edit permissions' })).toBeNull();
  });

  it('an admin adds a role from checkboxes grouped by view; users can be given it at once', async () => {
    const form = () => within(roles()).getByRole('form', { name: 'Add a role' });
    fireEvent.click(within(roles()).getByRole('button', { name: 'Add role' }));
    const groups = within(form())
      .getAllByRole('group')
      .map((g) => within(g).getByText(/./, { selector: 'legend' }).textContent);
    expect(groups).toEqual(['Chart', 'Dashboard', 'User']);
    fireEvent.click(within(roles()).getByRole('button', { name: 'Cancel' }));

    await addAnalysts();
    expect(role('analysts')).toHaveTextContent('analysts (2 permissions)');
    expect(server.requests.find((r) => r.method === 'POST' && r.url === '/api/v1/security/roles/')?.body).toEqual({
      name: 'analysts',
      permissions: [
        ['can_read', 'Chart'],
        ['can_read', 'Dashboard'],
      ],
    });
    const createUser = screen.getByRole('form', { name: 'Create a user' });
    expect(within(createUser).getByLabelText('analysts')).not.toBeChecked();
  });

  it("edits a custom role's permissions: the whole set is sent and shown", async () => {
    await addAnalysts();
    fireEvent.click(within(role('analysts')).getByRole('button', { name: 'Edit permissions' }));
    const form = within(role('analysts')).getByRole('form', { name: 'Permissions of analysts' });
    expect(within(form).getByLabelText('can_read on Chart')).toBeChecked();
    fireEvent.click(within(form).getByLabelText('can_read on Chart'));
    fireEvent.click(within(form).getByLabelText('can_write on User'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Permissions of analysts were saved')).toBeInTheDocument();
    await waitFor(() => expect(role('analysts')).toHaveTextContent('can_write on User'));
    expect(role('analysts')).not.toHaveTextContent('can_read on Chart');
    expect(server.requests.find((r) => r.url === '/api/v1/security/roles/100/permissions')?.body).toEqual({
      permissions: [
        ['can_read', 'Dashboard'],
        ['can_write', 'User'],
      ],
    });
  });

  it('a role a user holds is not deleted (the error modal says why); once nobody holds it, it goes', async () => {
    await addAnalysts();
    await act(() => users.changeRoles(1, ['Admin', 'analysts']));
    fireEvent.click(within(role('analysts')).getByRole('button', { name: 'Delete role' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete analysts' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Could not delete the role analysts');
    expect(role('analysts')).toBeInTheDocument();

    await act(() => users.changeRoles(1, ['Admin']));
    fireEvent.click(within(role('analysts')).getByRole('button', { name: 'Delete role' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete analysts' }));
    expect(await screen.findByText('Role analysts was deleted')).toBeInTheDocument();
    expect(screen.queryByTestId('role-analysts')).toBeNull();
  });
});
