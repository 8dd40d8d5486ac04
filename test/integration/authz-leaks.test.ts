// Authorization never leaks (upstream endpoints/filters/authorization.go runs before any
// handler): a token-file user with no grants, in RBAC mode, asks for a Secret every way
// a client can spell or encode it. Every answer is a 403 and no byte of the Secret (its
// value, the value's base64, its uid) comes back; the writes change nothing.

import assert from 'node:assert/strict';
import { request } from 'node:https';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeTokenFile, type TokenUser } from '../support/rbac.js';
import { startTestServer, type TestServer } from '../support/server.js';
import yaml from 'js-yaml';
import { decodeObjectProto, PROTOBUF_MEDIA_TYPE } from '../../src/encoding/protobuf.js';
import { Status as StatusType } from '../../src/types/schemas/meta.js';

const nobody: TokenUser = { name: 'nobody', token: 'nobody-token-0123456789', groups: ['devs'] };
const SECRET_VALUE = 'TOPSECRET-value-7c1e9b';
const NS = '/api/v1/namespaces/default';

const JSON_TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const JSON_POM = 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io';
const JSON_POM_LIST = 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const PROTOBUF_TABLE = 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io';

interface Case {
  method: string;
  path: string;
  accept?: string;
  body?: unknown;
  contentType?: string;
}

const CASES: Case[] = [
  { method: 'GET', path: `${NS}/secrets` },
  { method: 'GET', path: `${NS}/secrets/s1` },
  { method: 'HEAD', path: `${NS}/secrets/s1` },
  { method: 'HEAD', path: `${NS}/secrets` },
  { method: 'GET', path: '/api/v1/secrets' },
  { method: 'GET', path: `${NS}/secrets?watch=1` },
  { method: 'GET', path: `${NS}/secrets?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true` },
  { method: 'GET', path: '/api/v1/watch/namespaces/default/secrets' },
  { method: 'GET', path: '/api/v1/watch/namespaces/default/secrets/s1' },
  { method: 'GET', path: '/api/v1/watch/secrets' },
  { method: 'GET', path: `${NS}/secrets?fieldSelector=metadata.name%3Ds1` },
  { method: 'GET', path: `${NS}/secrets?labelSelector=app%3Dx&limit=1` },
  { method: 'GET', path: `${NS}/secrets/s1?resourceVersion=0` },
  { method: 'GET', path: `${NS}/secrets/s1?pretty=true` },
  { method: 'GET', path: `${NS}/secrets/s1`, accept: 'application/yaml' },
  { method: 'GET', path: `${NS}/secrets`, accept: 'application/yaml' },
  { method: 'GET', path: `${NS}/secrets/s1`, accept: JSON_TABLE },
  { method: 'GET', path: `${NS}/secrets`, accept: JSON_TABLE },
  { method: 'GET', path: `${NS}/secrets/s1`, accept: JSON_POM },
  { method: 'GET', path: `${NS}/secrets`, accept: JSON_POM_LIST },
  { method: 'GET', path: `${NS}/secrets/s1`, accept: PROTOBUF },
  { method: 'GET', path: `${NS}/secrets`, accept: PROTOBUF },
  { method: 'GET', path: `${NS}/secrets/s1`, accept: PROTOBUF_TABLE },
  { method: 'GET', path: `${NS}/secrets?watch=1`, accept: PROTOBUF },
  { method: 'GET', path: `//api/v1/namespaces/default/secrets/s1` },
  { method: 'GET', path: `/api//v1/namespaces/default/secrets/s1` },
  { method: 'GET', path: `${NS}//secrets/s1` },
  { method: 'GET', path: `${NS}/secrets//s1` },
  { method: 'GET', path: `${NS}/secrets/s1/` },
  { method: 'GET', path: `${NS}/secrets/./s1` },
  { method: 'GET', path: `${NS}/configmaps/../secrets/s1` },
  { method: 'GET', path: `${NS}/configmaps/%2E%2E/secrets/s1` },
  { method: 'GET', path: `${NS}/secrets%2Fs1` },
  { method: 'GET', path: `${NS}%2Fsecrets%2Fs1` },
  { method: 'GET', path: `${NS}/secrets/s1%2F` },
  { method: 'GET', path: `${NS}/secrets/%73%31` },
  { method: 'GET', path: `${NS}/%73ecrets/s1` },
  { method: 'GET', path: '/API/V1/namespaces/default/secrets/s1' },
  { method: 'GET', path: `${NS}/Secrets/s1` },
  { method: 'GET', path: `${NS}/SECRETS` },
  { method: 'GET', path: `${NS}/secrets/s1/status` },
  { method: 'GET', path: `${NS}/secrets/s1/proxy` },
  { method: 'GET', path: '/api/v1/namespaces/default/secrets/s1?watch=1' },
  { method: 'GET', path: '/apis/v1/namespaces/default/secrets/s1' },
  { method: 'GET', path: '/api/v1/namespaces/default' },
  { method: 'PUT', path: `${NS}/secrets/s1`, body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1' }, stringData: { k: 'overwritten' } } },
  { method: 'PATCH', path: `${NS}/secrets/s1`, body: {}, contentType: 'application/merge-patch+json' },
  { method: 'PATCH', path: `${NS}/secrets/s1?fieldManager=x`, body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1' } }, contentType: 'application/apply-patch+yaml' },
  { method: 'PATCH', path: `${NS}/secrets/s1?dryRun=All`, body: [], contentType: 'application/json-patch+json' },
  { method: 'DELETE', path: `${NS}/secrets/s1` },
  { method: 'DELETE', path: `${NS}/secrets/s1?dryRun=All` },
  { method: 'DELETE', path: `${NS}/secrets` },
  { method: 'POST', path: `${NS}/secrets`, body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's2' } } },
  { method: 'POST', path: `${NS}/secrets/s1`, body: {} },
];

/** One request with a deadline: a watch that was let through would otherwise never end. */
function send(srv: TestServer, c: Case): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  const url = new URL(srv.url);
  const body = c.body === undefined ? undefined : JSON.stringify(c.body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${nobody.token}` };
    if (c.accept) headers.accept = c.accept;
    if (body !== undefined) {
      headers['content-type'] = c.contentType ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers, ca: srv.caPem, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.setTimeout(5000, () => req.destroy(new Error(`${c.method} ${c.path}: no complete answer in 5s`)));
    req.on('error', reject);
    req.end(body);
  });
}

describe('authorization never leaks', () => {
  let srv: TestServer;
  let uid: string;
  let resourceVersion: string;
  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skiff-leaks-'));
    srv = await startTestServer({ dataDir: dir, tokenAuthFile: writeTokenFile(dir, [nobody]), authorizationMode: ['RBAC'] });
    const created = await srv.request('POST', `${NS}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1', labels: { app: 'x' } }, data: { password: Buffer.from(SECRET_VALUE).toString('base64') } } });
    assert.equal(created.status, 201, created.text);
    uid = created.json().metadata.uid;
    resourceVersion = created.json().metadata.resourceVersion;
  });
  after(async () => {
    await srv?.close();
  });

  it('answers every spelling, encoding, verb and subresource with a 403 and nothing of the Secret', async () => {
    const needles = [SECRET_VALUE, Buffer.from(SECRET_VALUE).toString('base64'), uid];
    const failures: string[] = [];
    let allowed = 0;
    let leaked = 0;
    for (const c of CASES) {
      const r = await send(srv, c);
      const label = `${c.method} ${c.path}${c.accept ? ` (${c.accept})` : ''}`;
      if (r.status !== 403) {
        allowed++;
        failures.push(`${label}: ${r.status} ${r.body.toString('utf8').slice(0, 200)}`);
      }
      const text = r.body.toString('latin1');
      for (const n of needles) {
        if (text.includes(n)) {
          leaked++;
          failures.push(`${label}: body contains ${JSON.stringify(n)}`);
        }
      }
      if (c.method === 'HEAD') assert.equal(r.body.length, 0);
      else if (r.status === 403) {
        // The Status comes in the negotiated encoding (YAML for Accept: application/yaml,
        // protobuf for application/vnd.kubernetes.protobuf, as upstream's ErrorNegotiated).
        const status = String(r.headers['content-type']).startsWith(PROTOBUF_MEDIA_TYPE)
          ? (decodeObjectProto(r.body, () => StatusType) as Record<string, any>)
          : (yaml.load(r.body.toString('utf8')) as Record<string, any>);
        assert.equal(status.kind, 'Status', label);
        assert.equal(status.reason, 'Forbidden', label);
        assert.match(status.message, /forbidden: User "nobody" cannot /, label);
      }
    }
    assert.deepEqual(failures, []);
    assert.equal(allowed, 0);
    assert.equal(leaked, 0);
    // Nothing was written: the Secret is as it was and s2 does not exist.
    const stored = (await srv.request('GET', `${NS}/secrets/s1`)).json();
    assert.equal(stored.metadata.resourceVersion, resourceVersion);
    assert.equal(Buffer.from(stored.data.password, 'base64').toString(), SECRET_VALUE);
    assert.equal((await srv.request('GET', `${NS}/secrets/s2`)).status, 404);
  });

  it('refuses the same reads in SubjectAccessReviews for that user', async () => {
    const r = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'nobody', groups: ['devs', 'system:authenticated'], resourceAttributes: { namespace: 'default', verb: 'get', resource: 'secrets', name: 's1' } } },
    });
    assert.deepEqual(r.json().status, { allowed: false });
  });
});
