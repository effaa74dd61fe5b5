import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Outlet, type RouteObject } from 'react-router-dom';
import { isAdmin } from '@strata/domain';
import { useStoreState } from '../shared/use-store-state';
import { ErrorModal } from '../features/errors/ErrorModal';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/session/LoginPage';
import { TimeTravelPanel } from '../features/timetravel/TimeTravelPanel';
import { ToastList } from '../features/toasts/ToastList';
import { UsersPage } from '../features/users/UsersPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { SavedQueriesPage } from '../features/sqllab/saved/SavedQueriesPage';
import { ActivityRoute, ObjectHistoryRoute } from '../features/activity/ActivityRoute';
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
  const { session, examples, home } = useServices();
  return <HomePage session={session} examples={examples} home={home} />;
}

/** Every user's own page (Superset's /users/userinfo/ too). */
function Profile() {
  const { session, profile } = useServices();
  const { user } = useStoreState(session.store.liveState$);
  return user && <ProfilePage user={user} profile={profile} onSignInAgain={() => session.logout()} />;
}

function Users() {
  const { users, session } = useServices();
  const { user } = useStoreState(session.store.liveState$);
  return (
    <AdminOnly>
      <UsersPage users={users} signedInId={user?.id ?? null} />
    </AdminOnly>
  );
}

// SQL Lab (Ace, the virtualized grid) loads on first visit too: the first bundle stays small.
const LiveSqlLabPage = lazy(() =>
  import('../features/sqllab/LiveSqlLabPage').then((m) => ({ default: m.LiveSqlLabPage })),
);

function SqlLab() {
  const { sqllab } = useServices();
  return lazyPage(<LiveSqlLabPage sqllab={sqllab} />);
}

function SavedQueries() {
  const { savedQueries } = useServices();
  return <SavedQueriesPage saved={savedQueries} />;
}

// Explore and the chart list load on first visit (React.lazy): Highcharts stays out of the first bundle.
const ExploreRoute = lazy(() => import('../features/explore/ExploreRoute'));
const ChartListRoute = lazy(() => import('../features/charts/list/ChartListRoute'));
// Dashboards and their list load on first visit too (the grid, the filter bar, markdown).
const DashboardRoute = lazy(() => import('../features/dashboard/DashboardRoute'));
const DashboardListRoute = lazy(() => import('../features/dashboard/list/DashboardListRoute'));
// SQL Lab's query history page (issue 15 item 4) loads on first visit: it draws SQL Lab's history list.
const QueryHistoryRoute = lazy(() => import('../features/sqllab/history/QueryHistoryRoute'));
// A session replay (issue 13 item 4) loads on first visit: it pulls in SQL Lab's editor.
const ReplayRoute = lazy(() => import('../features/replay/ReplayRoute'));
// Alerts & reports (issue 14): the lists, each schedule's execution log, the outbox.
const ReportListRoute = lazy(() =>
  import('../features/reports/pages/ReportPagesRoute').then((m) => ({ default: m.ReportListRoute })),
);
const ReportLogRoute = lazy(() =>
  import('../features/reports/pages/ReportPagesRoute').then((m) => ({ default: m.ReportLogRoute })),
);
const OutboxRoute = lazy(() => import('../features/reports/outbox/OutboxRoute'));
// File upload into a database (issue 15 item 3).
const UploadRoute = lazy(() => import('../features/upload/UploadRoute'));
// Datasets (issue 15 item 2): the list and the editor, Superset's TableModelView addresses.
const DatasetListRoute = lazy(() =>
  import('../features/datasets/DatasetsRoute').then((m) => ({ default: m.DatasetListRoute })),
);
const DatasetEditorRoute = lazy(() =>
  import('../features/datasets/DatasetsRoute').then((m) => ({ default: m.DatasetEditorRoute })),
);
// Database connections (issue 15 item 1).
const DatabasesRoute = lazy(() => import('../features/databases/DatabasesRoute'));
const lazyPage = (page: ReactNode) => <Suspense fallback={<div className="splash">Loading…</div>}>{page}</Suspense>;

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
          { path: 'profile/', element: <Profile /> },
          { path: 'users/userinfo/', element: <Profile /> },
          { path: 'activity/', element: <ActivityRoute /> },
          { path: 'activity/object/:type/:id', element: <ObjectHistoryRoute /> },
          { path: 'sqllab/', element: <SqlLab /> },
          { path: 'sqllab/p/:key', element: <SqlLab /> },
          { path: 'sqllab/saved_queries/', element: <SavedQueries /> },
          { path: 'sqllab/history/', element: lazyPage(<QueryHistoryRoute />) },
          { path: 'explore/', element: lazyPage(<ExploreRoute />) },
          { path: 'explore/p/:key/', element: lazyPage(<ExploreRoute />) },
          { path: 'chart/list/', element: lazyPage(<ChartListRoute />) },
          { path: 'dashboard/list/', element: lazyPage(<DashboardListRoute />) },
          { path: 'dashboard/p/:key/', element: lazyPage(<DashboardRoute />) },
          { path: 'dashboard/:idOrSlug/', element: lazyPage(<DashboardRoute />) },
          // The address the dashboard permalink API answers (Superset's).
          { path: 'superset/dashboard/p/:key/', element: lazyPage(<DashboardRoute />) },
          // sqllab-and-platform §2: the address after a save or a properties change.
          { path: 'superset/dashboard/:idOrSlug/', element: lazyPage(<DashboardRoute />) },
          { path: 'replay/', element: lazyPage(<ReplayRoute />) },
          { path: 'report/list/', element: lazyPage(<ReportListRoute type="Report" />) },
          { path: 'alert/list/', element: lazyPage(<ReportListRoute type="Alert" />) },
          { path: 'report/outbox/', element: lazyPage(<OutboxRoute />) },
          { path: 'report/:id/log/', element: lazyPage(<ReportLogRoute />) },
          { path: 'alert/:id/log/', element: lazyPage(<ReportLogRoute />) },
          { path: 'databaseview/list/', element: lazyPage(<DatabasesRoute />) },
          { path: 'upload/', element: lazyPage(<UploadRoute />) },
          { path: 'tablemodelview/list/', element: lazyPage(<DatasetListRoute />) },
          { path: 'tablemodelview/edit/:id', element: lazyPage(<DatasetEditorRoute />) },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
