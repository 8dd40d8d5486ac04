// Watch-list (sendInitialEvents) as client-go 1.32 reads it (rest/request.go handleWatchList):
// the closing bookmark carries k8s.io/initial-events-list-blueprint, an empty list of the
// watched type encoded as the response is and base64'd, which client-go decodes as the list
// it hands to the informer. kube-apiserver 1.31-1.33 wrote it
// (k8s.io/apiserver pkg/endpoints/handlers/response.go watchListTransformer); without it the
// controller manager's metadata informers fall back to LIST on every start.

import assert from 'node:assert/strict';
import { request } from 'node:https';
import { after, before, describe, it } from 'node:test';
import { decodeEnvelope, decodeProto, decodeWatchEventMessage, listType, splitProtoFrames } from '../../src/encoding/protobuf.js';
import { coreSchemas } from '../../src/types/schemas/core.js';
import { ListMeta, ObjectMeta } from '../../src/types/schemas/meta.js';
import { object } from '../../src/types/schema.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BLUEPRINT = 'k8s.io/initial-events-list-blueprint';
const WATCH_LIST = '/api/v1/namespaces/wl/configmaps?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const PartialObjectMetadata = object('io.k8s.apimachinery.pkg.apis.meta.v1.PartialObjectMetadata', { metadata: ObjectMeta.proto(1) });

describe('watch-list closing bookmark', () => {
  let srv: TestServer;
  before(async () => {
    // No controllers: kube-root-ca.crt would join the ConfigMaps listed.
    srv = await startTestServer({ controllers: [] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'wl' } } });
    for (const name of ['a', 'b']) await srv.request('POST', '/api/v1/namespaces/wl/configmaps', { body: { metadata: { name }, data: { k: name } } });
  });
  after(() => srv.close());

  /** Reads the watch until `done` says the bytes so far hold what the test needs, then hangs up. */
  const readWatch = (accept: string, done: (body: Buffer) => boolean) =>
    new Promise<{ contentType: string; body: Buffer }>((resolve, reject) => {
      const url = new URL(srv.url);
      const req = request({ host: url.hostname, port: url.port, path: WATCH_LIST, headers: { accept }, ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        const finish = () => resolve({ contentType: String(res.headers['content-type']), body: Buffer.concat(chunks) });
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          if (done(Buffer.concat(chunks))) {
            req.destroy();
            finish();
          }
        });
        res.on('end', finish);
      });
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
      req.end();
    });

  const protoEvents = (body: Buffer) => splitProtoFrames(body).frames.map((f) => decodeWatchEventMessage(f));

  it('JSON: the blueprint is an empty ConfigMapList as Go encodes it (items null, trailing newline)', async () => {
    const jsonEvents = (b: Buffer) => b.toString('utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    const { body } = await readWatch('application/json', (b) => jsonEvents(b).some((e) => e.type === 'BOOKMARK'));
    const events = jsonEvents(body);
    assert.deepEqual(events.filter((e) => e.type === 'ADDED').map((e) => e.object.metadata.name), ['a', 'b']);
    const bookmark = events.find((e) => e.type === 'BOOKMARK')!;
    assert.equal(bookmark.object.metadata.annotations['k8s.io/initial-events-end'], 'true');
    const blueprint = Buffer.from(bookmark.object.metadata.annotations[BLUEPRINT], 'base64').toString('utf8');
    assert.equal(blueprint, '{"kind":"ConfigMapList","apiVersion":"v1","metadata":{},"items":null}\n');
  });

  it('protobuf: the blueprint is a protobuf ConfigMapList envelope with no items', async () => {
    const { contentType, body } = await readWatch(PROTOBUF, (b) => protoEvents(b).some((e) => e.type === 'BOOKMARK'));
    assert.equal(contentType, `${PROTOBUF};stream=watch`);
    const bookmark = protoEvents(body).find((e) => e.type === 'BOOKMARK')!;
    const meta = (decodeProto(decodeEnvelope(bookmark.object).raw, coreSchemas.ConfigMap!) as any).metadata;
    assert.equal(meta.annotations['k8s.io/initial-events-end'], 'true');
    const envelope = decodeEnvelope(Buffer.from(meta.annotations[BLUEPRINT], 'base64'));
    assert.equal(envelope.apiVersion, 'v1');
    assert.equal(envelope.kind, 'ConfigMapList');
    const list = decodeProto(envelope.raw, listType(coreSchemas.ConfigMap!, ListMeta)) as any;
    assert.equal(list.items?.length ?? 0, 0);
  });

  it('metadata-only (protobuf PartialObjectMetadata): the blueprint is a PartialObjectMetadataList', async () => {
    const accept = `${PROTOBUF};as=PartialObjectMetadata;g=meta.k8s.io;v=v1`;
    const { body } = await readWatch(accept, (b) => protoEvents(b).some((e) => e.type === 'BOOKMARK'));
    const events = protoEvents(body);
    assert.equal(decodeEnvelope(events[0]!.object).kind, 'PartialObjectMetadata');
    const bookmark = events.find((e) => e.type === 'BOOKMARK')!;
    const meta = (decodeProto(decodeEnvelope(bookmark.object).raw, PartialObjectMetadata) as any).metadata;
    const envelope = decodeEnvelope(Buffer.from(meta.annotations[BLUEPRINT], 'base64'));
    assert.deepEqual([envelope.apiVersion, envelope.kind], ['meta.k8s.io/v1', 'PartialObjectMetadataList']);
  });

  it('a watch that is not a watch-list carries no blueprint', async () => {
    // resourceVersion 0 would be defaulted into a watch-list (SetListOptionsDefaults, WatchList on), so watch from the list's.
    const rv = (await srv.request('GET', '/api/v1/namespaces/wl/configmaps')).json().metadata.resourceVersion as string;
    const after = srv.request('GET', `/api/v1/namespaces/wl/configmaps?watch=1&allowWatchBookmarks=true&resourceVersion=${rv}&timeoutSeconds=2`);
    await srv.request('POST', '/api/v1/namespaces/wl/configmaps', { body: { metadata: { name: 'c' } } });
    const r = await after;
    assert.equal(r.status, 200);
    assert.match(r.text, /"type":"ADDED".*"name":"c"/);
    assert.doesNotMatch(r.text, /initial-events-list-blueprint|initial-events-end/);
  });
});
