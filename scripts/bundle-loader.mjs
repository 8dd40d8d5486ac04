// Runs a one-file CommonJS bundle (built by bundle.mjs: one function expression, pure ASCII)
// with a V8 code cache, for the `skiff` command (skiff-launcher.mjs) and the package's entry
// (skiff-lib.mjs). Compiling the ~3 MB bundle and the functions a start runs is a large part of
// start-up, and Node 20 keeps no compile cache of its own (Node 22's
// module.enableCompileCache() does the same for ES modules). The cache is written once, a few
// seconds after a run without a usable one (or at exit, when that comes first), next to the
// bundle (or nowhere when that directory is read-only), and named by the bundle's content hash
// and Node's version: V8 itself only checks the source length and its own flags.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { startMark } from '../dist/src/util/start-trace.js';

const WRITE_CACHE_AFTER_MS = 3000;

/** Compiles and runs the bundle at bundlePath (content hash `hash`); returns its module.exports. */
export function runBundle(bundlePath, hash) {
  const module = { exports: {} };
  compileBundle(bundlePath, `${bundlePath}.${hash}.${process.version}-${process.arch}.cache`).runInThisContext()(
    module.exports,
    createRequire(bundlePath),
    module,
    bundlePath,
    dirname(bundlePath),
  );
  return module.exports;
}

/** Compiles the bundle (with the cache when it fits); the source and cache buffers are not kept past this. */
function compileBundle(bundlePath, cachePath) {
  let cachedData;
  try {
    cachedData = readFileSync(cachePath);
  } catch {
    cachedData = undefined;
  }
  // latin1: the file is pure ASCII (bundle.mjs escapes the rest), read without UTF-8 decoding.
  const script = new Script(readFileSync(bundlePath, 'latin1'), { filename: bundlePath, cachedData });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  startMark(`bundle read and compiled (code cache ${used ? 'used' : cachedData ? 'rejected' : 'absent'})`);
  if (!used) writeCacheLater(script, cachePath);
  return script;
}

/** After the start (so the cache also holds the functions the start compiled), or at exit when that comes first. */
function writeCacheLater(script, cachePath) {
  let written = false;
  const writeCache = () => {
    if (written) return;
    written = true;
    try {
      const tmp = `${cachePath}.tmp-${process.pid}`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cachePath);
    } catch {
      // A read-only install directory: run without a cache.
    }
  };
  setTimeout(writeCache, WRITE_CACHE_AFTER_MS).unref();
  process.once('exit', writeCache);
}
