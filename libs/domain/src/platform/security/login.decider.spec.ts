import { deciderSpec } from '../../testing';
import { loginDecider } from './login.decider';
import type { LoginEvent } from './login.events';

const spec = deciderSpec(loginDecider);
const client = { ip: '10.0.0.7', userAgent: 'curl/8' };
const login = { userId: 3, username: 'ana', method: 'session' as const, ...client };
const loggedIn: LoginEvent = { type: 'security/loggedIn', data: login };
const unknownFailure = { username: 'nobody', reason: 'unknown_user' as const, userId: null, ...client };

describe('login decider', () => {
  it('given no sign-in, when RecordLogin, then loggedIn and the stream is that account', () => {
    spec.given([]).when({ type: 'RecordLogin', data: login }).then([loggedIn]);
    spec.given([]).when({ type: 'RecordLogin', data: login }).thenState({ userId: 3 });
  });

  it('given sign-ins of an account, when a wrong password is recorded for it, then loginFailed', () => {
    const failure = { username: 'Ana', reason: 'wrong_password' as const, userId: 3, ...client };
    spec
      .given([loggedIn])
      .when({ type: 'RecordLoginFailure', data: failure })
      .then([{ type: 'security/loginFailed', data: failure }]);
  });

  it('given failures for unknown names, when another is recorded, then loginFailed without a user', () => {
    const earlier: LoginEvent = { type: 'security/loginFailed', data: { ...unknownFailure, username: 'x' } };
    spec
      .given([earlier])
      .when({ type: 'RecordLoginFailure', data: unknownFailure })
      .then([{ type: 'security/loginFailed', data: unknownFailure }]);
    spec.given([earlier]).thenState({ userId: null });
  });

  it('given a session, when RecordLogout, then loggedOut carries the ended session id (realtime closes its sockets)', () => {
    spec
      .given([loggedIn])
      .when({ type: 'RecordLogout', data: { userId: 3, username: 'ana', sessionId: 'hash-1' } })
      .then([{ type: 'security/loggedOut', data: { userId: 3, username: 'ana', sessionId: 'hash-1' } }]);
  });

  it('given sign-ins of one account, when another account signs in or out on its stream, then it is refused', () => {
    spec
      .given([loggedIn])
      .when({ type: 'RecordLogin', data: { ...login, userId: 4 } })
      .thenThrows('login_account_mismatch');
    spec
      .given([loggedIn])
      .when({ type: 'RecordLogout', data: { userId: 4, username: 'ana', sessionId: 'h' } })
      .thenThrows('login_account_mismatch');
    spec
      .given([loggedIn])
      .when({ type: 'RecordLoginFailure', data: { ...unknownFailure, reason: 'inactive', userId: 4 } })
      .thenThrows('login_account_mismatch');
  });

  it('given an old logout without a session id, the stream still folds to its account', () => {
    spec.given([{ type: 'security/loggedOut', data: { userId: 3, username: 'ana' } }]).thenState({ userId: 3 });
  });
});
