import { useState, type FormEvent } from 'react';
import type { Me } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { ProfileFeature } from './profile.feature';
import './profile.css';

/**
 * Every user's own page (Superset's /users/userinfo/): who they are, their roles, and a password change
 * that needs the current password. A new password ends every session, so afterwards they sign in again.
 */
export function ProfilePage({
  user,
  profile,
  onSignInAgain,
}: {
  user: Me;
  profile: ProfileFeature;
  onSignInAgain: () => void;
}) {
  const state = useStoreState(profile.store.state$);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <div className="profile-page">
      <h1>Profile</h1>
      <section className="card" aria-label="Your account">
        <dl>
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>Name</dt>
          <dd>{name || '—'}</dd>
          <dt>Email</dt>
          <dd>{user.email || '—'}</dd>
          <dt>Roles</dt>
          <dd>{Object.keys(user.roles).join(', ')}</dd>
        </dl>
      </section>
      {state.passwordChanged ? (
        <section className="card" role="status">
          <p>Your password was changed. Sign in again with the new password.</p>
          <button type="button" className="primary" onClick={onSignInAgain}>
            Sign in again
          </button>
        </section>
      ) : (
        <PasswordForm error={state.passwordError} onChange={(current, next) => profile.changePassword(current, next)} />
      )}
    </div>
  );
}

function PasswordForm({
  error,
  onChange,
}: {
  error: string | null;
  onChange: (current: string, next: string) => Promise<boolean>;
}) {
  const [form, setForm] = useState({ current: '', next: '', repeat: '' });
  const [busy, setBusy] = useState(false);
  const mismatch = form.repeat !== '' && form.next !== form.repeat;
  const field = (key: keyof typeof form, label: string, autoComplete: string) => (
    <label>
      {label}
      <input
        type="password"
        required
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      />
    </label>
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onChange(form.current, form.next);
    setBusy(false);
  };
  return (
    <form className="card" aria-label="Change your password" onSubmit={(e) => void submit(e)}>
      <h2>Change your password</h2>
      {field('current', 'Current password', 'current-password')}
      {field('next', 'New password', 'new-password')}
      {field('repeat', 'Repeat the new password', 'new-password')}
      {mismatch && <p className="form-error">The new passwords differ.</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy || mismatch || form.next === '' || form.repeat === ''}>
        Change password
      </button>
    </form>
  );
}
