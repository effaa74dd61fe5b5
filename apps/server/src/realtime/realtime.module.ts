import { Global, Module } from '@nestjs/common';
import { CommandRouter } from './command-router';
import { RealtimePush } from './realtime-push';
import { StrataGateway } from './strata.gateway';
import { StreamAccessPolicy } from './stream-access.policy';
import { StreamFeed } from './stream-feed';

/**
 * The socket.io gateway. Global so that any bounded context can register its stream read rule
 * (StreamAccessPolicy), its socket commands (CommandRouter) and push to a user (RealtimePush).
 * Needs from the application: AppConfig, the Authenticator (AuthModule) and the EventStoreModule.
 */
@Global()
@Module({
  providers: [StrataGateway, StreamFeed, StreamAccessPolicy, CommandRouter, RealtimePush],
  exports: [StreamAccessPolicy, CommandRouter, RealtimePush, StreamFeed],
})
export class RealtimeModule {}
