// skiff's programmatic API: embed a Kubernetes API server in a test suite.
export { startServer, type SkiffOptions, type RunningSkiff } from './app.js';
export type { Store } from './storage/store.js';
export { MemoryReducer } from './util/memory-reducer.js';
