import assert from 'node:assert/strict';
import {test} from 'node:test';
import {runCelCommand} from '../../src/cli/cel.js';

function io(files: Record<string, string> = {}) {
  const out = {stdout: '', stderr: ''};
  return {
    out,
    io: {
      stdout: (s: string) => { out.stdout += s; },
      stderr: (s: string) => { out.stderr += s; },
      readFile: (p: string) => {
        if (!(p in files)) throw new Error(`ENOENT: no such file, open '${p}'`);
        return files[p]!;
      },
    },
  };
}

test('eval prints the result as JSON', async () => {
  const t = io({'vars.yaml': 'object:\n  spec:\n    replicas: 3\n'});
  assert.equal(await runCelCommand(['eval', '--expr', 'object.spec.replicas * 2', '--vars', 'vars.yaml'], t.io), 0);
  assert.equal(t.out.stdout, '6\n');
});

test('eval with a schema types the variables', async () => {
  const schema = JSON.stringify({object: {type: 'object', properties: {spec: {type: 'object', properties: {replicas: {type: 'integer'}}}}}});
  const t = io({'s.json': schema, 'v.json': '{"object": {"spec": {"replicas": 2}}}'});
  assert.equal(await runCelCommand(['eval', '--expr', "object.spec.replicas + 'x'", '--schema', 's.json', '--vars', 'v.json'], t.io), 1);
  assert.match(t.out.stderr, /found no matching overload for '_\+_' applied to '\(int, string\)'/);
});

test('evaluation errors exit 1', async () => {
  const t = io();
  assert.equal(await runCelCommand(['eval', '--expr', '1 / 0'], t.io), 1);
  assert.match(t.out.stderr, /division by zero/);
});

test('check prints type and estimated cost', async () => {
  const t = io();
  assert.equal(await runCelCommand(['check', '--expr', "'a' + 'b'"], t.io), 0);
  assert.deepEqual(JSON.parse(t.out.stdout), {outputType: 'string', estimatedCost: {min: 1, max: 1}});
});

test('bad usage exits 2', async () => {
  const t = io();
  assert.equal(await runCelCommand(['eval'], t.io), 2);
  assert.match(t.out.stderr, /--expr is required/);
  assert.equal(await runCelCommand(['frobnicate'], io().io), 2);
  assert.equal(await runCelCommand(['eval', '--expr', '1', '--vars', 'missing.json'], io().io), 2);
});
