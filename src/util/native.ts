// The process-level calls the memory reducer and the CLI need and Node has no binding for, made
// through koffi (FFI): glibc's malloc_trim(0) and mallopt(M_ARENA_MAX), and V8's memory-pressure
// collection. Each is looked up on first use; where it can't be had (another libc or platform, koffi's binary
// missing, a runtime without the symbol) the lookup answers null and the reducer does without.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface KoffiFunction {
  (...args: unknown[]): unknown;
  async(...argsThenCallback: unknown[]): void;
}
interface KoffiLibrary {
  func(signature: string): KoffiFunction;
}

interface Koffi {
  load(lib: string | null): KoffiLibrary;
}

/** One koffi per process, whichever copy of this module (the launcher's, the bundle's) loads it first. */
const KOFFI = Symbol.for('skiff.koffi');

/**
 * koffi's native module. Its own loader reads the node executable's ELF headers (glibc or
 * musl?) and tries several paths: 13-23 ms of a start here, against ~3 ms for loading the
 * prebuilt glibc addon from the path its platform package always has. Anywhere else (musl,
 * another layout) koffi's loader finds it.
 */
function koffi(): Koffi {
  const cache = globalThis as { [KOFFI]?: Koffi };
  if (cache[KOFFI]) return cache[KOFFI];
  const require = createRequire(import.meta.url);
  let loaded: Koffi | undefined;
  if (process.arch === 'x64' || process.arch === 'arm64') {
    try {
      const platformPackage = createRequire(require.resolve('koffi')).resolve(`@koromix/koffi-linux-${process.arch}/package.json`);
      const addon = { exports: {} as Koffi };
      process.dlopen(addon, join(dirname(platformPackage), `linux_${process.arch}`, 'koffi.node'));
      if (typeof addon.exports.load === 'function') loaded = addon.exports;
    } catch {
      // not glibc, or not where it always is
    }
  }
  return (cache[KOFFI] = loaded ?? (require('koffi') as Koffi));
}

function loadLibrary(name: string | null): KoffiLibrary | null {
  if (process.platform !== 'linux') return null;
  try {
    return koffi().load(name);
  } catch {
    return null;
  }
}

/** glibc's malloc_trim(0): every free page of every malloc arena given back to the OS. */
export function mallocTrim(): (() => void) | null {
  try {
    const trim = loadLibrary('libc.so.6')?.func('int malloc_trim(size_t pad)');
    return trim ? () => void trim(0) : null;
  } catch {
    return null;
  }
}

/** glibc's mallopt parameter M_ARENA_MAX (malloc.h). */
const M_ARENA_MAX = -8;

/**
 * Caps glibc's malloc arenas for the threads that have none yet (mallopt(M_ARENA_MAX, max)).
 * glibc gives each thread that allocates its own arena, up to 8 per core; skiff's threads (the
 * SQLite writer, libuv's pool compressing responses, V8's helpers) each keep the memory they once
 * held in theirs, where no other thread reuses it. Measured with 100,000 objects (single runs):
 * the peak fell from 1,456-1,645 to 1,377-1,404 MiB and the RSS after deleting everything from
 * 244-249 to 226-227 MiB. A MALLOC_ARENA_MAX in the environment is the user's choice and is left
 * alone (it also covers the threads node starts before this call). Answers whether the cap was set.
 */
export function limitMallocArenas(max: number): boolean {
  if (process.env.MALLOC_ARENA_MAX !== undefined) return false;
  try {
    const mallopt = loadLibrary('libc.so.6')?.func('int mallopt(int param, int value)');
    return mallopt ? mallopt(M_ARENA_MAX, max) === 1 : false;
  } catch {
    return false;
  }
}

/** v8::MemoryPressureLevel::kCritical. */
const CRITICAL = 2;

/**
 * V8's collection under memory pressure (v8::Isolate::MemoryPressureNotification(kCritical)): a
 * full, compacting GC flagged to reduce the footprint, after which V8 also frees its empty pages
 * and shrinks the young generation to its minimum (1 MiB, where a load leaves 32 MiB committed
 * that an ordinary gc() keeps). V8 sets the level back to normal itself when it collects. The
 * node binary exports V8's API for addons; these are Isolate::GetCurrent and
 * Isolate::MemoryPressureNotification (Itanium C++ ABI names, `this` first). V8 allows the
 * notification from any thread. Made through FFI on the main thread, the collection would run
 * on koffi's own call stack, which V8 does not survive (tried: a segfault); made from a
 * thread-pool thread (koffi's async call), it makes V8 schedule the collection on the main
 * thread, which runs it in its own frames within a few ms.
 */
export function v8MemoryPressure(): (() => void) | null {
  try {
    const self = loadLibrary(null);
    if (!self) return null;
    const isolate = self.func('void* _ZN2v87Isolate10GetCurrentEv()')();
    const notify = self.func('void _ZN2v87Isolate26MemoryPressureNotificationENS_19MemoryPressureLevelE(void* isolate, int level)');
    if (!isolate) return null;
    const ignore = () => {};
    return () => notify.async(isolate, CRITICAL, ignore);
  } catch {
    return null;
  }
}
