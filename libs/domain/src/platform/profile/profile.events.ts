/**
 * The user's own profile page (`/profile/`): their password change, as the client records it. The
 * passwords themselves are never in these events.
 */
import type { EventLike } from '@strata/events';
import { leaveUnchanged } from '../../shared/exhaustive';

export const PROFILE_PASSWORD_CHANGED = 'profile/passwordChanged' as const;
export const PROFILE_PASSWORD_CHANGE_REFUSED = 'profile/passwordChangeRefused' as const;

export type ProfileEvent =
  | EventLike<typeof PROFILE_PASSWORD_CHANGED, Record<string, never>>
  | EventLike<typeof PROFILE_PASSWORD_CHANGE_REFUSED, { message: string }>;

export interface ProfileState {
  /** The server's refusal of the last change (a wrong current password, a too short new one). */
  passwordError: string | null;
  passwordChanged: boolean;
}

export const profileFold = {
  initialState: (): ProfileState => ({ passwordError: null, passwordChanged: false }),
  evolve(state: ProfileState, event: ProfileEvent): ProfileState {
    switch (event.type) {
      case PROFILE_PASSWORD_CHANGED:
        return { passwordError: null, passwordChanged: true };
      case PROFILE_PASSWORD_CHANGE_REFUSED:
        return { passwordError: event.data.message, passwordChanged: false };
      default:
        return leaveUnchanged(event, state);
    }
  },
};
