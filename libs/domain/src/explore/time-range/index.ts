export * from './time-range-error';
export * from './calendar';
export * from './human-datetime';
export * from './date-expression';
export * from './parse-time-range';
export * from './format-time-range';
