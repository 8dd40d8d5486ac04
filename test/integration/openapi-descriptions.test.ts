// The descriptions of /openapi/v2 (what kubectl explain prints) against kube-apiserver v1.32's
// own (test/support/kube-apiserver.ts): every property and definition both serve has the same
// text, paragraphs and "Possible enum values" lists included, and the synthesized list types of
// the built-in groups carry their Go doc comments; only the texts v1.34 rewrote differ. The
// shared v1.32 documents under ../shared/reference cut these paragraphs off, so this compares
// with the live server. Skips where ../shared/kube or etcd is absent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { referenceApiserverMissing, startReferenceApiserver, type ReferenceApiserver } from '../support/kube-apiserver.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Texts v1.34 rewrote (the EndpointSlice docs, HPA tolerance, the SELinux change policy enum, ...). */
const REWRITTEN_IN_1_34 = new Set([
  'io.k8s.api.autoscaling.v2.HPAScalingRules',
  'io.k8s.api.autoscaling.v2.HPAScalingRules.policies',
  'io.k8s.api.core.v1.PodSecurityContext.seLinuxChangePolicy',
  'io.k8s.api.discovery.v1.Endpoint.addresses',
  'io.k8s.api.discovery.v1.EndpointConditions.ready',
  'io.k8s.api.discovery.v1.EndpointConditions.serving',
  'io.k8s.api.discovery.v1.EndpointConditions.terminating',
  'io.k8s.api.discovery.v1.EndpointHints.forZones',
  'io.k8s.api.discovery.v1.EndpointPort.port',
  'io.k8s.api.discovery.v1.EndpointSlice',
  'io.k8s.api.discovery.v1.EndpointSlice.addressType',
  'io.k8s.api.discovery.v1.EndpointSlice.ports',
  'io.k8s.api.networking.v1.NetworkPolicySpec.podSelector',
  'io.k8s.api.storage.v1.CSIDriverSpec.attachRequired',
]);

type Definitions = Record<string, { description?: string; properties?: Record<string, { description?: string }> }>;

describe('OpenAPI descriptions against kube-apiserver v1.32', { skip: referenceApiserverMissing() || undefined }, () => {
  let ref: ReferenceApiserver;
  let srv: TestServer;
  before(async () => {
    [ref, srv] = await Promise.all([startReferenceApiserver(), startTestServer({ store: 'memory' })]);
  });
  after(async () => {
    await srv?.close();
    await ref?.stop();
  });

  it('has the same description for every definition and property both serve', async () => {
    const theirs = JSON.parse((await ref.raw('GET', '/openapi/v2', { accept: 'application/json' })).text!).definitions as Definitions;
    const ours = (await srv.request('GET', '/openapi/v2', { headers: { accept: 'application/json' } })).json().definitions as Definitions;
    const differing: string[] = [];
    let compared = 0;
    for (const [name, def] of Object.entries(theirs)) {
      const mine = ours[name];
      if (!mine) continue;
      const check = (at: string, a: string | undefined, b: string | undefined) => {
        compared++;
        if (a !== b && !REWRITTEN_IN_1_34.has(at)) differing.push(at);
      };
      check(name, mine.description, def.description);
      for (const [prop, p] of Object.entries(def.properties ?? {})) {
        if (mine.properties?.[prop]) check(`${name}.${prop}`, mine.properties[prop]!.description, p.description);
      }
    }
    assert.ok(compared > 2500, `compared ${compared}`);
    assert.deepEqual(differing, []);
  });
});
