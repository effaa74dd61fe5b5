import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStoreState } from '../../shared/use-store-state';
import type { SessionFeature } from './session.feature';
import './login.css';

/** Where to go once signed in: the page that sent the visitor here, or home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname && from.pathname !== '/login/' ? `${from.pathname}${from.search ?? ''}` : '/';
}

export function LoginPage({ session }: { session: SessionFeature }) {
  const location = useLocation();
  // Navigation follows the real session, whatever an open time-travel panel shows.
  const live = useStoreState(session.store.liveState$);
  const shown = useStoreState(session.store.state$);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  if (live.status === 'signedIn') return <Navigate to={returnPath(location.state)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.login(username.trim(), password);
    setPassword('');
  };
  const busy = live.status === 'signingIn' || live.status === 'checking';

  return (
    <div className="login">
      <form className="login__card" onSubmit={submit} aria-label="Sign in">
        <div className="login__brand">
          <span className="brand-mark" aria-hidden="true" />
          Strata
        </div>
        <h1>Sign in</h1>
        {shown.message && (
          <p className="form-error" role="alert">
            {shown.message}
          </p>
        )}
        <label>
          Username
          <input
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {live.status === 'signingIn' ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
