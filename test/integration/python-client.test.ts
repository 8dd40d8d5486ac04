// The official Python client (Debian's python3-kubernetes 22.6, /usr/bin/python3) against
// skiff. Its Watch().stream sends watch=True, which upstream reads as true
// (runtime.Convert_Slice_string_To_bool). Skips when the client is not installed.

import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/integration/python/client_flow.py', import.meta.url));

function pythonClientAvailable(): boolean {
  try {
    execFileSync(PYTHON, ['-c', 'import kubernetes'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function runPython(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(PYTHON, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? 1 : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

describe('Python kubernetes client', { skip: pythonClientAvailable() ? false : 'python3-kubernetes is not installed' }, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  it('does CRUD, lists, resumes a watch from a resourceVersion and surfaces errors as ApiException', async () => {
    const r = await runPython([SCRIPT, srv.kubeconfig]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.got_data, { a: '1' });
    assert.deepEqual(out.patched_data, { a: '1', b: '2' });
    assert.deepEqual(out.replaced_data, { c: '3' });
    assert.deepEqual(out.listed, ['c1', 'c2']);
    assert.equal(out.deployment_replicas, 1);
    assert.equal(out.scaled, 3);
    assert.deepEqual(out.watch_events, [['MODIFIED', 'c2'], ['DELETED', 'c1']]);
    assert.deepEqual(out.errors.get_missing, [404, 'NotFound', 'configmaps "nope" not found']);
    assert.deepEqual(out.errors.create_duplicate, [409, 'AlreadyExists', 'configmaps "c2" already exists']);
    assert.equal(out.errors.invalid_name[0], 422);
    assert.equal(out.errors.invalid_name[1], 'Invalid');
    assert.match(out.errors.invalid_name[2], /^ConfigMap "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
    assert.deepEqual(out.errors.stale_update, [409, 'Conflict', 'Operation cannot be fulfilled on configmaps "c2": the object has been modified; please apply your changes to the latest version and try again']);
    assert.equal(out.delete_status, 'Success');
  });
});
