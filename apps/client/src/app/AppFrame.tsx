import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { hasPermission, hiddenChrome, isAdmin, Permission, PermissionView, readPageUrlParams } from '@strata/domain';
import { useDismiss } from '../shared/use-dismiss';
import { useStoreState } from '../shared/use-store-state';
import type { Me } from '@strata/domain';
import { ShortcutHelp } from '../features/shortcuts/ShortcutHelp';
import { ThemeToggle } from '../features/theme/ThemeToggle';
import { useServices } from './services-context';
import './app-frame.css';

/** The signed-in frame: brand, navigation to what exists, the user menu, and the page. */
export function AppFrame() {
  const { session } = useServices();
  const live = useStoreState(session.store.liveState$);
  const shown = useStoreState(session.store.state$);
  const location = useLocation();

  // Guards follow the real session; the time-travel panel may be showing a moment before login.
  if (live.status === 'checking') return <div className="splash">Loading Strata…</div>;
  if (live.user === null) return <Navigate to="/login/" state={{ from: location }} replace />;

  // charts-dashboards-reports §2: standalone modes 1-3 and UI-config bit 4 hide the navigation (embedded dashboards, reports).
  const hideNav = hiddenChrome(readPageUrlParams(location.search)).hideNav;
  return (
    <div className="app">
      {!hideNav && (
        <header className="app-header">
          <Link to="/" className="app-header__brand">
            <span className="brand-mark" aria-hidden="true" />
            Strata
          </Link>
          <nav className="app-header__nav" aria-label="Main">
            <NavLink to="/" end>
              Home
            </NavLink>
            {hasPermission(live.user, Permission.EXECUTE_SQL_QUERY, PermissionView.SQL_LAB) && (
              <NavLink to="/sqllab/">SQL Lab</NavLink>
            )}
            <NavLink to="/chart/list/">Charts</NavLink>
            <NavLink to="/dashboard/list/">Dashboards</NavLink>
            {hasPermission(live.user, Permission.READ, PermissionView.DATASET) && (
              <NavLink to="/tablemodelview/list/">Datasets</NavLink>
            )}
            {isAdmin(live.user) && <NavLink to="/users/">Users</NavLink>}
            {isAdmin(live.user) && <NavLink to="/activity/">Activity</NavLink>}
            {/* Superset's Settings > Data > "Database Connections": for who may change them (can_write on Database). */}
            {hasPermission(live.user, Permission.WRITE, PermissionView.DATABASE) && (
              <NavLink to="/databaseview/list/">Database Connections</NavLink>
            )}
            {hasPermission(live.user, Permission.WRITE, PermissionView.DATABASE) && (
              <NavLink to="/upload/">Upload file</NavLink>
            )}
            {hasPermission(live.user, Permission.READ, PermissionView.REPORT_SCHEDULE) && (
              <NavLink
                to="/alert/list/"
                className={({ isActive }) => (isActive || reportsPage(location.pathname) ? 'active' : '')}
              >
                Alerts &amp; reports
              </NavLink>
            )}
          </nav>
          <span className="app-header__spacer" />
          <UserMenu user={shown.user ?? live.user} />
        </header>
      )}
      <main className="app-main">
        <Outlet />
      </main>
      <ShortcutHelp />
    </div>
  );
}

/** The alerts & reports pages share one menu entry, as Superset's "Alerts & reports". */
const reportsPage = (path: string) => /^\/(?:report|alert)\//.test(path);

function UserMenu({ user }: { user: Me }) {
  const { session, timeTravel } = useServices();
  // Whether the menu is unfolded is how the page is looked at, not a fact.
  const [open, setOpen, menu] = useDismiss<HTMLDivElement>();
  const navigate = useNavigate();

  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <div className="user-menu" ref={menu}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        {name}
      </button>
      {open && (
        <div className="user-menu__list" role="menu">
          <div className="user-menu__who">
            <strong>{user.username}</strong>
            {user.email && <div className="muted">{user.email}</div>}
          </div>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              // issue 13: everyone reads their own activity (an admin's Activity page reads everyone's).
              navigate(isAdmin(user) ? `/activity/?actor=${user.id}` : '/activity/');
            }}
          >
            My activity
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              navigate('/profile/');
            }}
          >
            Profile
          </button>
          <ThemeToggle />
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              timeTravel.toggle();
            }}
          >
            Time travel <span className="muted">Ctrl+Shift+E</span>
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              session.logout();
            }}
          >
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
