// The shipped CLI (dist/skiff.mjs, built by `npm run build`): a launcher that runs the
// one-file bundle with a V8 code cache written next to it. After one run has written the
// cache, the next run compiles from it; the CLI behaves the same either way.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const launcher = fileURLToPath(new URL('../../skiff.mjs', import.meta.url));
const bundle = fileURLToPath(new URL('../../skiff-bundle.cjs', import.meta.url));

function run(args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [launcher, ...args], { encoding: 'utf8', env: { ...process.env, SKIFF_TRACE_START: '1' } });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('the bundled CLI launcher', { skip: existsSync(launcher) ? false : 'dist/skiff.mjs not built (npm run build)' }, () => {
  it('uses the code cache a previous run wrote', () => {
    const first = run(['--help']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stderr, /^start +[\d.]+ ms \(\+[\d.]+\) bundle read and compiled \(code cache (used|absent|rejected)\) cpu=\d+ms rss=[\d.]+ heap=[\d.]+ ext=[\d.]+$/m);
    const second = run(['--help']);
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stderr, /^start +[\d.]+ ms \(\+[\d.]+\) bundle read and compiled \(code cache used\) cpu=\d+ms rss=[\d.]+ heap=[\d.]+ ext=[\d.]+$/m);
    assert.match(second.stderr, /^start +[\d.]+ ms \(\+[\d.]+\) node ready \(launcher runs\) cpu=\d+ms rss=[\d.]+ heap=[\d.]+ ext=[\d.]+ origin=\d+\.\d$/m);
    assert.equal(second.stdout, first.stdout);
    assert.match(second.stdout, /kube-apiserver v1\.34 semantics/);
  });

  it('runs the lazily loaded parts of the bundle (a subcommand, a flag error)', () => {
    const cel = run(['cel', 'eval', '--expr', '1 + 2']);
    assert.equal(cel.status, 0, cel.stderr);
    assert.equal(cel.stdout.trim(), '3');
    const bad = run(['--secure-port', 'x']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /secure-port/);
    assert.ok(execFileSync(process.execPath, [launcher, '--help'], { encoding: 'utf8' }).length > 0);
  });

  it('reads a pure-ASCII bundle: non-ASCII characters of the source run as their \\u escapes', () => {
    const bytes = readFileSync(bundle);
    assert.equal(bytes.findIndex((b) => b > 0x7f), -1, 'the launcher reads the bundle as latin1');
    // Go durations accept µs (U+00B5) and μs (U+03BC); the regular expressions holding them are escaped in the bundle.
    const cel = run(['cel', 'eval', '--expr', 'duration("1\u00b5s") == duration("1000ns") && duration("2\u03bcs") == duration("2000ns")']);
    assert.equal(cel.status, 0, cel.stderr);
    assert.equal(cel.stdout.trim(), 'true');
  });
});
