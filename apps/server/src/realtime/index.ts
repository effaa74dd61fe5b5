export { RealtimeModule } from './realtime.module';
export { CommandRouter, UnknownCommandError, type CommandMeta, type CommandRoute } from './command-router';
export { RealtimePush } from './realtime-push';
export { StreamAccessPolicy, streamPrefix, type ReadDecision, type StreamReadRule } from './stream-access.policy';
export { UNAUTHENTICATED_MESSAGE } from './socket-auth';
