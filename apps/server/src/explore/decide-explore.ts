/**
 * Explore's writes as commands on the Nest CommandBus, each decided by the domain on its own stream:
 * a permalink (`explore_permalink:<key>`, written once) and the form data cache (`explore_form_data:<key>`,
 * created once, then updated by its owner only).
 */
import {
  exploreFormDataDecider,
  exploreFormDataStream,
  explorePermalinkDecider,
  explorePermalinkStream,
  type CreateExplorePermalink,
  type FormDataCommand,
} from '@strata/domain';
import { decisionHandler, DecideOn } from '../event-store/decide-command';

export class DecideExplorePermalink extends DecideOn<string, CreateExplorePermalink> {}

export const DecideExplorePermalinkHandler = decisionHandler(
  DecideExplorePermalink,
  explorePermalinkStream,
  explorePermalinkDecider,
);

export class DecideFormData extends DecideOn<string, FormDataCommand> {}

export const DecideFormDataHandler = decisionHandler(DecideFormData, exploreFormDataStream, exploreFormDataDecider);
