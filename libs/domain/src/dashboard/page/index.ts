export * from './records';
export * from './filter-values';
export * from './page.events';
export * from './page.state';
export * from './page.evolve';
export * from './edit-mode';
export * from './permalink-share';
export * from './upcasters';
