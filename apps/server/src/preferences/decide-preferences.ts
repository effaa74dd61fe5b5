/** A user's preferences (`user-preferences:<userId>`) as a command on the Nest CommandBus. */
import { preferencesDecider, userPreferencesStream, type ChangeThemePreference } from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecidePreferences extends DecideOn<number, ChangeThemePreference> {}

export const DecidePreferencesHandler = decisionHandler(DecidePreferences, userPreferencesStream, preferencesDecider);
