// The `skiff` command as shipped (dist/skiff.mjs): runs the one-file CommonJS bundle of the
// CLI (dist/skiff-bundle.cjs) with a V8 code cache. Compiling the ~3 MB bundle and the
// functions a start runs is a large part of start-up; the cache holds their bytecode.
// It is written once, a few seconds after a start without a usable cache (or at its exit), next to the
// bundle (or nowhere when that directory is read-only), and named by the bundle's content
// hash and Node's version: V8 itself only checks the source length and its own flags.
// Node 22's module.enableCompileCache() does the same for ES modules; Node 20 lacks it.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { limitMallocArenas } from '../dist/src/util/native.js';
import { startMark } from '../dist/src/util/start-trace.js';

/** glibc malloc arenas for the whole process (MALLOC_ARENA_MAX in the environment overrides it). */
const MALLOC_ARENAS = 2;

// The time origin (ms since the epoch) lets a parent that noted when it spawned the process place these marks.
startMark('node ready (launcher runs)', ` origin=${performance.timeOrigin.toFixed(1)}`);

// Before the threads that allocate start: libuv's pool, V8's helpers (see native.ts).
limitMallocArenas(MALLOC_ARENAS);
startMark('malloc arenas limited');

const bundlePath = fileURLToPath(new URL('./skiff-bundle.cjs', import.meta.url));
const cachePath = `${bundlePath}.${__SKIFF_BUNDLE_HASH__}.${process.version}-${process.arch}.cache`;
const WRITE_CACHE_AFTER_MS = 3000;

/** Compiles the bundle (with the cache when it fits); the source and cache buffers are not kept past this. */
function compileBundle() {
  let cachedData;
  try {
    cachedData = readFileSync(cachePath);
  } catch {
    cachedData = undefined;
  }
  // The file is one function expression: (function (exports, require, module, __filename, __dirname) {...}),
  // pure ASCII (bundle.mjs escapes the rest): latin1 reads it without UTF-8 decoding.
  const script = new Script(readFileSync(bundlePath, 'latin1'), { filename: bundlePath, cachedData });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  startMark(`bundle read and compiled (code cache ${used ? 'used' : cachedData ? 'rejected' : 'absent'})`);
  if (!used) writeCacheLater(script);
  return script;
}

/** After the start (so the cache also holds the functions the start compiled), or at exit when that comes first. */
function writeCacheLater(script) {
  let written = false;
  const writeCache = () => {
    if (written) return;
    written = true;
    try {
      const tmp = `${cachePath}.tmp-${process.pid}`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cachePath);
    } catch {
      // A read-only install directory: start without a cache.
    }
  };
  setTimeout(writeCache, WRITE_CACHE_AFTER_MS).unref();
  process.once('exit', writeCache);
}

const module = { exports: {} };
compileBundle().runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
