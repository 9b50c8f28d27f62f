/** Typed references to identity's read models, for modules that wait on them. */
export { accountsProjection } from './accounts';
export { sessionsProjection } from './sessions';
