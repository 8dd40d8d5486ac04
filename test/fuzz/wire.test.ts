// Hostile input on the wire against skiff in a child process, so a crash is seen as the
// process exiting: the regressions of issue 9 (illegal warning text, deep JSON, 50 MB body,
// YAML alias bomb, oversized header, huge request line) and seeded raw HTTP/1.1 and HTTP/2
// byte streams. After each batch the child must be alive and /readyz 200.
// Go's answers cited: net/http server.go conn.serve (431/400/501 plain-text replies).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkReply, expectReady, H2Client, rawExchange, runs, SEED, startChildSkiff, statusCodes, Tally, type ChildSkiff } from './support.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe(`wire fuzz and regressions, skiff in a child process (seed ${SEED})`, () => {
  let skiff: ChildSkiff;
  let client: H2Client;
  const t = new Tally();
  const http1 = (lines: string[], body: Buffer | string = '') => Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), Buffer.from(body)]);
  const auth = () => `Authorization: Bearer ${skiff.token}`;

  before(async () => {
    skiff = await startChildSkiff();
    client = new H2Client(skiff.url, { ca: skiff.ca }, { authorization: `Bearer ${skiff.token}` });
  });

  after(async () => {
    console.log(t.summary('wire', skiff && !skiff.alive() ? 1 : 0));
    client?.close();
    await skiff?.stop();
  });

  async function stillServing(what: string): Promise<void> {
    assert.ok(skiff.alive(), `skiff exited after ${what}: ${skiff.stderr().slice(-3000)}`);
    assert.ok(await expectReady(client), `/readyz is not 200 after ${what}`);
  }

  it('an unknown field whose name holds characters illegal in a header: 201 and a legal, upstream-quoted Warning (warning.go, NewWarningHeader)', async () => {
    const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"warn-chars"},"a\\u0001b\\u00fc\\u4e2d\\"q\\\\":1,"x\\ny":2}';
    const raw = await rawExchange(skiff.port, skiff.ca, http1([`POST ${CM}?fieldValidation=Warn HTTP/1.1`, 'Host: x', auth(), 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'], body));
    assert.deepEqual(statusCodes(raw.data), [201]);
    const warnings = raw.data.toString('latin1').split('\r\n').filter((l) => l.toLowerCase().startsWith('warning:'));
    // Go's %q field name, then makeQuotedString; the UTF-8 bytes go out as they are.
    assert.deepEqual(
      warnings.map((w) => Buffer.from(w, 'latin1').toString('utf8')),
      ['warning: 299 - "unknown field \\"a\\\\x01bü中\\\\\\"q\\\\\\\\\\""', 'warning: 299 - "unknown field \\"x\\\\ny\\""'],
    );
    // Over HTTP/2 as well.
    const r = await client.request({ method: 'POST', path: `${CM}?fieldValidation=Warn`, headers: { 'content-type': 'application/json' }, body: body.replace('warn-chars', 'warn-chars2') });
    assert.ok(r !== 'reset' && r !== 'timeout' && r.status === 201);
    await stillServing('illegal warning text');
  });

  for (const depth of [10_000, 100_000]) {
    it(`JSON nested ${depth} deep: 400 Status "exceeded max depth" (encoding/json scanner maxNestingDepth)`, async () => {
      const body = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const r = await client.request({ method: 'POST', path: CM, headers: { 'content-type': 'application/json' }, body });
      assert.ok(r !== 'reset' && r !== 'timeout');
      assert.equal(r.status, 400);
      const s = JSON.parse(r.body.toString('utf8')) as { kind: string; reason: string; message: string };
      assert.equal(s.kind, 'Status');
      assert.equal(s.reason, 'BadRequest');
      assert.match(s.message, /json parse error: invalid character '\[' exceeded max depth/);
      await stillServing(`JSON ${depth} deep`);
    });
  }

  it('a 50 MB body: 413 RequestEntityTooLarge Status the client reads, over HTTP/1.1 (with and without Content-Length) and HTTP/2', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x61);
    for (const framing of ['length', 'chunked'] as const) {
      const head = [`POST ${CM} HTTP/1.1`, 'Host: x', auth(), 'Content-Type: application/json', framing === 'length' ? `Content-Length: ${big.length}` : 'Transfer-Encoding: chunked'];
      const payload = framing === 'length' ? [http1(head), big] : [http1(head), Buffer.from(`${big.length.toString(16)}\r\n`), big, Buffer.from('\r\n0\r\n\r\n')];
      const raw = await rawExchange(skiff.port, skiff.ca, payload, { idleMs: 5000 });
      const text = raw.data.toString('latin1');
      assert.deepEqual(statusCodes(raw.data), [413], `${framing}: ${text.slice(0, 300)}`);
      const status = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { reason: string; message: string; code: number };
      assert.deepEqual([status.reason, status.message, status.code], ['RequestEntityTooLarge', 'Request entity too large: limit is 3145728', 413]);
      assert.match(text, /\r\nconnection: close\r\n/i);
    }
    const r = await client.request({ method: 'POST', path: CM, headers: { 'content-type': 'application/json' }, body: big });
    assert.ok(r !== 'reset' && r !== 'timeout', `HTTP/2: ${String(r)}`);
    assert.equal(r.status, 413);
    await stillServing('a 50 MB body');
  });

  it('a YAML alias expansion bomb: 400 "yaml: document contains excessive aliasing" (goyaml decode.go allowedAliasRatio)', async () => {
    const lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(',')}]`);
    const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\nextra:\n${lines.map((l) => `  ${l}`).join('\n')}\n`;
    const r = await client.request({ method: 'POST', path: CM, headers: { 'content-type': 'application/yaml' }, body });
    assert.ok(r !== 'reset' && r !== 'timeout');
    assert.equal(r.status, 400);
    assert.match(r.body.toString('utf8'), /yaml: document contains excessive aliasing/);
    await stillServing('a YAML bomb');
  });

  it('headers: 100 KiB are served (Go allows 1 MiB); past 1 MiB Go\'s plain-text 431 and the connection closes', async () => {
    const ok = await rawExchange(skiff.port, skiff.ca, http1([`GET ${CM} HTTP/1.1`, 'Host: x', auth(), `X-Big: ${'a'.repeat(100 * 1024)}`, 'Connection: close']));
    assert.deepEqual(statusCodes(ok.data), [200]);
    const tooBig = await rawExchange(skiff.port, skiff.ca, http1([`GET ${CM} HTTP/1.1`, 'Host: x', auth(), `X-Big: ${'a'.repeat(1100 * 1024)}`]));
    const text = tooBig.data.toString('latin1');
    assert.ok(text.startsWith('HTTP/1.1 431 Request Header Fields Too Large\r\n'), text.slice(0, 200));
    assert.ok(text.endsWith('\r\n\r\n431 Request Header Fields Too Large'), text.slice(-200));
    assert.equal(tooBig.ended, 'closed');
    await stillServing('an oversized header');
  });

  it('a request line past 1 MiB: Go\'s 431 (MaxHeaderBytes covers the request line; Go never answers 414)', async () => {
    const raw = await rawExchange(skiff.port, skiff.ca, http1([`GET ${CM}?x=${'a'.repeat(1100 * 1024)} HTTP/1.1`, 'Host: x', auth()]));
    assert.deepEqual(statusCodes(raw.data), [431]);
    await stillServing('a huge request line');
  });

  it('malformed HTTP/1.x: Go\'s plain-text 400/501, pipelining answered in order, never a crash', async () => {
    const cases: [string, Buffer | Buffer[], number[]][] = [
      // Go lets Transfer-Encoding override Content-Length; Node's parser refuses the pair (a request-smuggling shape): 400.
      ['Content-Length and Transfer-Encoding', http1([`POST ${CM} HTTP/1.1`, 'Host: x', 'Content-Length: 4', 'Transfer-Encoding: chunked'], '0\r\n\r\n'), [400]],
      ['two different Content-Lengths', http1([`POST ${CM} HTTP/1.1`, 'Host: x', 'Content-Length: 4', 'Content-Length: 5'], 'abcd'), [400]],
      ['bad chunk size', http1([`POST ${CM} HTTP/1.1`, 'Host: x', auth(), 'Content-Type: application/json', 'Transfer-Encoding: chunked'], 'zz\r\nabc\r\n0\r\n\r\n'), [400]],
      ['unsupported transfer coding', http1([`POST ${CM} HTTP/1.1`, 'Host: x', 'Transfer-Encoding: gzip'], ''), [501]],
      // Go answers 400 to an HTTP/0.9 request line; Node's parser waits for the rest of the line (until its headers timeout).
      ['HTTP/0.9', Buffer.from('GET /\r\n'), []],
      ['invalid target', http1(['GET /api/v1/namespaces/%zz HTTP/1.1', 'Host: x', 'Connection: close']), [400]],
      ['//host-like path', http1(['GET //api/v1/namespaces HTTP/1.1', 'Host: x', auth(), 'Connection: close']), [404]],
      ['pipelined', Buffer.concat([http1(['GET /readyz HTTP/1.1', 'Host: x']), http1(['GET /livez HTTP/1.1', 'Host: x']), http1(['GET /nope HTTP/1.1', 'Host: x', 'Connection: close'])]), [200, 200, 403]],
    ];
    for (const [what, payload, codes] of cases) {
      const raw = await rawExchange(skiff.port, skiff.ca, payload, { idleMs: 2000 });
      t.count(statusCodes(raw.data)[0] ?? raw.ended);
      assert.deepEqual(statusCodes(raw.data), codes, `${what}: ${raw.data.toString('latin1').slice(0, 200)}`);
    }
    await stillServing('malformed HTTP/1.x');
  });

  it('seeded raw HTTP/1.x byte streams', async () => {
    const token = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE', 'PRI', 'get', 'G\u00e9T', '', ' ');
    const target = fc.constantFrom('/', '/readyz', CM, `${CM}/x`, '*', 'http://h/api', '//', '/%', '/a b', '/\u00e9', `/${'a'.repeat(9000)}`, '');
    const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/11', 'http/1.1', '');
    const header = fc.oneof(
      fc.constantFrom('Host: x', 'Content-Length: 5', 'Content-Length: -1', 'Content-Length: 99999999999999999999', 'Transfer-Encoding: chunked', 'Transfer-Encoding: chunked, chunked', 'Expect: 100-continue', 'Connection: upgrade', 'Upgrade: h2c', 'Content-Type: application/json', ' folded', 'NoColon', ':', 'X: \u0000', auth()),
      fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,10}$/), fc.string({ maxLength: 20 })).map(([k, v]) => `${k}: ${v}`),
    );
    const eol = fc.constantFrom('\r\n', '\n', '\r');
    const arb = fc.tuple(token, target, version, fc.array(header, { maxLength: 6 }), eol, fc.string({ maxLength: 40 }), fc.boolean());
    await fc.assert(
      fc.asyncProperty(arb, async ([m, tg, v, hs, nl, body, pipeline]) => {
        const one = Buffer.from([`${m} ${tg} ${v}`, ...hs].join(nl) + nl + nl + body, 'utf8');
        const raw = await rawExchange(skiff.port, skiff.ca, pipeline ? [one, one] : one, { idleMs: 700 });
        const codes = statusCodes(raw.data);
        t.count(codes[0] ?? raw.ended);
        if (codes.some((c) => c >= 500 && c !== 501 && c !== 505)) t.violate('5xx on the wire', { method: m, path: tg, body: one.toString('latin1') });
        return skiff.alive();
      }),
      { seed: SEED, numRuns: runs(120) },
    );
    assert.deepEqual(t.violations, []);
    await stillServing('raw HTTP/1.x streams');
  });

  it('seeded raw HTTP/2 frames after the connection preface', async () => {
    const frame = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 7 }), fc.uint8Array({ maxLength: 64 })).map(([type, flags, stream, payload]) => {
      const head = Buffer.alloc(9);
      head.writeUIntBE(payload.length, 0, 3);
      head[3] = type;
      head[4] = flags;
      head.writeUInt32BE(stream, 5);
      return Buffer.concat([head, Buffer.from(payload)]);
    });
    const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
    const settings = Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]);
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
        const raw = await rawExchange(skiff.port, skiff.ca, [preface, settings, ...frames], { alpn: 'h2', idleMs: 300 });
        t.count(`h2-${raw.ended}`);
        return skiff.alive();
      }),
      { seed: SEED, numRuns: runs(60) },
    );
    await stillServing('raw HTTP/2 frames');
  });

  it('a generated header storm over HTTP/2: many and large headers, odd names and values', async () => {
    const arb = fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('a'.repeat(60_000), 'é', ''))), { maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(arb, async (hs) => {
        const headers = Object.fromEntries(hs.filter(([k]) => !['te', 'connection', 'host', 'keep-alive', 'upgrade', 'transfer-encoding', 'proxy-connection'].includes(k)));
        const probe = { method: 'GET', path: CM, headers };
        checkReply(t, probe, await client.request(probe));
        return skiff.alive();
      }),
      { seed: SEED, numRuns: runs(60) },
    );
    assert.deepEqual(t.violations, []);
    await stillServing('a header storm');
  });
});
