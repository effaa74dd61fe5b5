import type { ReactNode } from 'react';
import { Link, Outlet, type RouteObject } from 'react-router-dom';
import { isAdmin } from '@strata/domain';
import { useStoreState } from '../shared/use-store-state';
import { ErrorModal } from '../features/errors/ErrorModal';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/session/LoginPage';
import { TimeTravelPanel } from '../features/timetravel/TimeTravelPanel';
import { ToastList } from '../features/toasts/ToastList';
import { UsersPage } from '../features/users/UsersPage';
import { SqlLabPage } from '../features/sqllab/SqlLabPage';
import { SavedQueriesPage } from '../features/sqllab/saved/SavedQueriesPage';
import { AppFrame } from './AppFrame';
import { useServices } from './services-context';

/** What every page has, signed in or not: toasts, the error modal and the time-travel panel. */
function RootLayout() {
  const { toasts, errors, timeTravel, context } = useServices();
  return (
    <>
      <Outlet />
      <ToastList toasts={toasts} />
      <ErrorModal errors={errors} />
      <TimeTravelPanel timeTravel={timeTravel} toasts={toasts} now={context.now} />
    </>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { session } = useServices();
  const { user } = useStoreState(session.store.liveState$);
  if (isAdmin(user)) return children;
  return (
    <div className="card">
      <h1>Not allowed</h1>
      <p>Managing users needs the Admin role.</p>
    </div>
  );
}

function Home() {
  const { session, examples } = useServices();
  return <HomePage session={session} examples={examples} />;
}

function Users() {
  const { users } = useServices();
  return (
    <AdminOnly>
      <UsersPage users={users} />
    </AdminOnly>
  );
}

function SqlLab() {
  const { sqllab } = useServices();
  return <SqlLabPage sqllab={sqllab} />;
}

function SavedQueries() {
  const { savedQueries } = useServices();
  return <SavedQueriesPage saved={savedQueries} />;
}

function Login() {
  const { session } = useServices();
  return <LoginPage session={session} />;
}

function NotFound() {
  return (
    <div className="card">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go home</Link>
      </p>
    </div>
  );
}

/** The routes of what exists today; later features add theirs here. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login/', element: <Login /> },
      {
        path: '/',
        element: <AppFrame />,
        children: [
          { index: true, element: <Home /> },
          { path: 'users/', element: <Users /> },
          { path: 'sqllab/', element: <SqlLab /> },
          { path: 'sqllab/p/:key', element: <SqlLab /> },
          { path: 'sqllab/saved_queries/', element: <SavedQueries /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
