export { UserLogModule } from './userlog.module';
export { installUserLogBodyParser, MAX_USER_LOG_BODY_BYTES, USER_LOG_MOUNT } from './userlog-body';
