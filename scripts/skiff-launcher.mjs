// The `skiff` command as shipped (dist/skiff.mjs): runs the one-file CommonJS bundle of the
// CLI (dist/skiff-bundle.cjs) with a V8 code cache (bundle-loader.mjs).

import { fileURLToPath } from 'node:url';
import { limitMallocArenas } from '../dist/src/util/native.js';
import { startMark } from '../dist/src/util/start-trace.js';
import { runBundle } from './bundle-loader.mjs';

/** glibc malloc arenas for the whole process (MALLOC_ARENA_MAX in the environment overrides it). */
const MALLOC_ARENAS = 2;

// The time origin (ms since the epoch) lets a parent that noted when it spawned the process place these marks.
startMark('node ready (launcher runs)', ` origin=${performance.timeOrigin.toFixed(1)}`);

// Before the threads that allocate start: libuv's pool, V8's helpers (see native.ts).
limitMallocArenas(MALLOC_ARENAS);
startMark('malloc arenas limited');

runBundle(fileURLToPath(new URL('./skiff-bundle.cjs', import.meta.url)), __SKIFF_BUNDLE_HASH__);
