// The in-process server the API and CBOR fuzz suites probe: namespace `fuzz`, a Widget CRD,
// one `target` object per kind, an HTTP/2 client, and the batch runner that checks every
// reply and the server's readiness after each batch.

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { SkiffOptions } from '../../src/app.js';
import { startTestServer, eventually, type TestServer } from '../support/server.js';
import { checkReply, expectReady, H2Client, SEED, Tally, type Probe } from './support.js';

export interface FuzzKind {
  coll: string;
  base: object;
}

type AnyReply = Awaited<ReturnType<H2Client['request']>>;

/** `base` (copied) as an object named `name`, labelled fuzz=yes. */
export const named = (base: object, name: string) => ({ ...(JSON.parse(JSON.stringify(base)) as object), metadata: { name, labels: { fuzz: 'yes' } } });

export interface FuzzFixtureOptions {
  /** Names the summary line printed at the end. */
  suite: string;
  featureGates?: SkiffOptions['featureGates'];
  kinds: readonly FuzzKind[];
  crd: object;
  /** Turns a reply into the form checkReply judges (e.g. a CBOR error body into JSON). */
  judged?: (t: Tally, probe: Probe, reply: AnyReply) => AnyReply;
}

export class FuzzFixture {
  srv!: TestServer;
  client!: H2Client;
  readonly t = new Tally();

  /** Registers the suite's before/after hooks; call it inside the describe. */
  constructor(private readonly o: FuzzFixtureOptions) {
    before(() => this.start());
    after(() => this.stop());
  }

  private async start(): Promise<void> {
    const srv = (this.srv = await startTestServer({ featureGates: this.o.featureGates }));
    this.client = new H2Client(srv.url, { ca: srv.caPem, cert: srv.adminCertPem, key: srv.adminKeyPem });
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fuzz' } } })).status, 201);
    assert.equal((await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: this.o.crd })).status, 201);
    for (const k of this.o.kinds) await eventually(async () => (await srv.request('GET', k.coll)).status === 200, 20_000, `${k.coll} to be served`);
    for (const k of this.o.kinds) assert.equal((await srv.request('POST', k.coll, { body: named(k.base, 'target') })).status, 201, k.coll);
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`);
  }

  /**
   * Creates again each target a probe deleted (a deletecollection without a selector takes it
   * with the rest), so the read-back check meets every kind; an existing one answers 409.
   */
  async restoreTargets(): Promise<void> {
    for (const k of this.o.kinds) {
      const r = await this.srv!.request('POST', k.coll, { body: named(k.base, 'target') });
      assert.ok(r.status === 201 || r.status === 409, `${k.coll}: ${r.status} ${r.text}`);
    }
  }

  private async stop(): Promise<void> {
    console.log(this.t.summary(this.o.suite));
    this.client?.close();
    await this.srv?.close();
  }

  /** Runs `numRuns` probes; fails on a broken invariant or a server that is no longer ready. */
  async batch(name: string, arb: fc.Arbitrary<Probe>, numRuns: number): Promise<void> {
    const judged = this.o.judged ?? ((_t, _p, r) => r);
    await fc.assert(
      fc.asyncProperty(arb, async (probe) => {
        checkReply(this.t, probe, judged(this.t, probe, await this.client.request(probe)));
        return true;
      }),
      { seed: SEED, numRuns },
    );
    assert.ok(await expectReady(this.client), `/readyz is not 200 after the ${name} batch`);
    const found = this.t.violations.splice(0);
    assert.deepEqual(found, [], `broken invariants in the ${name} batch`);
  }
}
