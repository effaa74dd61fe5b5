import { Module } from '@nestjs/common';
import { DecidePreferencesHandler } from './decide-preferences';
import { PreferencesController } from './preferences.controller';

/** Per-user preferences (the theme), on the event log (preferences/CONTEXT.md). */
@Module({ controllers: [PreferencesController], providers: [DecidePreferencesHandler] })
export class PreferencesModule {}
