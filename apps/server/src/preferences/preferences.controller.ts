import { Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { preferencesDecider, THEME_PREFERENCES, userPreferencesStream, type UserPreferences } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser } from '../auth/guards/decorators';
import { ZodBody } from '../common/zod-validation.pipe';
import { DecisionRunner } from '../event-store/load-decide-append';
import { DecidePreferences } from './decide-preferences';

const preferencesSchema = z.object({ theme: z.enum(THEME_PREFERENCES) }).strict();

/**
 * The signed-in user's own preferences (issue 15 item 7): the client reads them at start, the user
 * menu's theme toggle writes them. Read by folding the user's preferences stream (a handful of events).
 */
@Controller('api/v1/me/preferences')
export class PreferencesController {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async get(@ReqUser() user: CurrentUser): Promise<{ result: UserPreferences }> {
    return { result: await this.current(user) };
  }

  @Put()
  async put(
    @ZodBody(preferencesSchema) input: z.output<typeof preferencesSchema>,
    @ReqUser() user: CurrentUser,
  ): Promise<{ result: UserPreferences }> {
    await this.commands.execute(
      new DecidePreferences(
        user.id,
        { type: 'ChangeThemePreference', data: { theme: input.theme } },
        // A preference is how the user looks at the app, not an edit: never an undo step.
        { actor: String(user.id), sessionId: user.sessionId, undoable: false },
      ),
    );
    return { result: await this.current(user) };
  }

  private async current(user: CurrentUser): Promise<UserPreferences> {
    const loaded = await this.runner.load(userPreferencesStream(user.id), preferencesDecider);
    return loaded.state;
  }
}
