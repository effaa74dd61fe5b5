/** SQL Lab's async-event listening lives in features/async, shared with Explore and dashboards. */
export * from '../../async/async-events';
