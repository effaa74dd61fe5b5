/** The socket push channel lives in features/async, shared with Explore and dashboards. */
export * from '../../async/socket-push';
