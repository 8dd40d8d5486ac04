// limitMallocArenas (src/util/native.ts), which the shipped CLI's launcher calls first: glibc's
// mallopt(M_ARENA_MAX). Checked in real child processes on this machine's glibc: threads started
// after the call share the arenas that exist instead of each getting one of its own, as
// malloc_stats() (glibc, through koffi) counts them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const native = fileURLToPath(new URL('../../src/util/native.js', import.meta.url));
const glibc = process.platform === 'linux' && (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime !== undefined;

/** A child that (maybe) caps the arenas, then starts 4 worker threads that allocate; its arena count and the call's answer. */
function arenasAfterFourThreads(limit: boolean, env: NodeJS.ProcessEnv = process.env): { limited: boolean; arenas: number } {
  const script = `
    import { limitMallocArenas } from ${JSON.stringify(native)};
    import { Worker } from 'node:worker_threads';
    import { createRequire } from 'node:module';
    const limited = ${limit} ? limitMallocArenas(1) : false;
    const code = "const keep = []; for (let i = 0; i < 4000; i++) keep.push(Buffer.alloc(300 + (i % 50))); require('node:worker_threads').parentPort.postMessage(keep.length); setInterval(() => {}, 1000);";
    const workers = await Promise.all([0, 1, 2, 3].map(() => new Promise((resolve) => { const w = new Worker(code, { eval: true, execArgv: [] }); w.once('message', () => resolve(w)); })));
    createRequire(import.meta.url)('koffi').load('libc.so.6').func('void malloc_stats()')();
    for (const w of workers) await w.terminate();
    process.stdout.write(JSON.stringify({ limited }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env });
  assert.equal(r.status, 0, r.stderr);
  // malloc_stats() writes "Arena N:" and its figures for each arena to stderr.
  return { limited: (JSON.parse(r.stdout) as { limited: boolean }).limited, arenas: r.stderr.match(/^Arena \d+:$/gm)?.length ?? 0 };
}

test('threads started after limitMallocArenas share the existing arenas', { skip: glibc ? false : 'glibc only' }, () => {
  const free = arenasAfterFourThreads(false);
  const capped = arenasAfterFourThreads(true);
  assert.equal(capped.limited, true);
  assert.ok(free.arenas >= 5, `without the cap, each thread allocates in an arena of its own (${free.arenas} arenas)`);
  assert.ok(capped.arenas <= free.arenas - 3, `with the cap, the four threads got no new arenas (${capped.arenas} against ${free.arenas})`);
});

test('a MALLOC_ARENA_MAX in the environment is left to glibc', { skip: glibc ? false : 'glibc only' }, () => {
  const r = arenasAfterFourThreads(true, { ...process.env, MALLOC_ARENA_MAX: '1' });
  assert.equal(r.limited, false);
  assert.equal(r.arenas, 1, 'glibc applied the cap of the environment from the start');
});

test("on glibc x64/arm64 the cap loads koffi's prebuilt addon directly, not through koffi's loader (its ELF probing cost a start 13-23 ms)", { skip: glibc && (process.arch === 'x64' || process.arch === 'arm64') ? false : 'glibc on x64/arm64 only' }, () => {
  const script = `
    import { limitMallocArenas, mallocTrim } from ${JSON.stringify(native)};
    import { createRequire } from 'node:module';
    const limited = limitMallocArenas(2);
    const trim = mallocTrim();
    trim?.();
    const loaderUsed = Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\\\/]koffi[\\\\/]src[\\\\/]koffi[\\\\/]index\\.c?js$/.test(f));
    process.stdout.write(JSON.stringify({ limited, trim: typeof trim, loaderUsed }));
  `;
  const env = { ...process.env };
  delete env.MALLOC_ARENA_MAX;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { limited: true, trim: 'function', loaderUsed: false });
});
