export * from './model';
export * from './explore.events';
export * from './explore.commands';
export { decideExplore, ExploreErrorCodes } from './explore.decide';
export { evolveExplore } from './explore.evolve';
export * from './explore.decider';
export * from './undoable';
export * from './save';
export { completeFormData, switchVizType, remapToDatasource, movedColumnConfig } from './form-data';
