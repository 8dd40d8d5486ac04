// Seeded fuzz of the API surface against one in-process server: generated bodies for
// create/update/patch on several kinds, bad patches of all four types, Content-Type x
// Accept, absurd query parameters, odd paths and methods. After each batch the server must
// be ready; no answer may be a 5xx or a non-Status JSON error; at the end every stored
// object must read back. FUZZ_SEED / FUZZ_RUNS reproduce and lengthen a run.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toYaml } from '../../src/encoding/yaml.js';
import { checkReadback, expectReady, runs, SEED, type Probe } from './support.js';
import { FuzzFixture, named } from './fixture.js';
import { widgetCrd } from '../support/widget-crd.js';

const NS = '/api/v1/namespaces/fuzz';
const KINDS = [
  { coll: `${NS}/configmaps`, base: { apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } } },
  { coll: `${NS}/secrets`, base: { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', data: { a: 'YWJj' }, stringData: { b: 'c' } } },
  { coll: `${NS}/pods`, base: { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }] } } },
  { coll: `${NS}/services`, base: { apiVersion: 'v1', kind: 'Service', spec: { selector: { app: 'x' }, ports: [{ port: 80, targetPort: 8080 }] } } },
  {
    coll: '/apis/apps/v1/namespaces/fuzz/deployments',
    base: {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      spec: { replicas: 1, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    },
  },
  { coll: '/apis/fuzz.example.com/v1/namespaces/fuzz/widgets', base: { apiVersion: 'fuzz.example.com/v1', kind: 'Widget', spec: { size: 1, color: 'red', tags: ['a'] } } },
] as const;

const CRD = widgetCrd('fuzz.example.com', {
  spec: {
    type: 'object',
    properties: { size: { type: 'integer', maximum: 100 }, color: { type: 'string', enum: ['red', 'blue'] }, tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' } },
    'x-kubernetes-validations': [{ rule: 'self.size >= 0', message: 'size must not be negative' }],
  },
});

const PATHS = [
  'metadata', 'metadata.name', 'metadata.labels', 'metadata.labels.x', 'metadata.annotations', 'metadata.resourceVersion', 'metadata.generation',
  'metadata.creationTimestamp', 'metadata.deletionTimestamp', 'metadata.ownerReferences', 'metadata.finalizers', 'metadata.managedFields', 'metadata.uid',
  'data', 'data.a', 'stringData', 'type', 'spec', 'spec.containers', 'spec.containers.0', 'spec.containers.0.ports', 'spec.containers.0.resources',
  'spec.replicas', 'spec.ports', 'spec.ports.0.port', 'spec.ports.0.targetPort', 'spec.template.spec', 'spec.selector', 'spec.size', 'spec.tags', 'kind', 'apiVersion', 'status',
];

const ODD_VALUES = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, '', -1, 0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, '1e400', true, [], {}, [null], { '': null }, 'x'.repeat(70_000), '\u0000', '\ud800', '2006-01-02T15:04:05Z', '1Gi', '-1m'),
);

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur: Record<string, unknown> = obj;
  for (const k of keys.slice(0, -1)) {
    const next = cur[k];
    if (next === null || typeof next !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys.at(-1)!] = value;
}


function mutateBytes(text: string, edits: [number, number, number][]): Buffer {
  const b = [...Buffer.from(text)];
  for (const [pos, op, byte] of edits) {
    if (b.length === 0) break;
    const i = pos % b.length;
    if (op === 0) b[i] = byte;
    else if (op === 1) b.splice(i, 0, byte);
    else b.splice(i, 1);
  }
  return Buffer.from(b);
}

type Body = { body: Buffer | string; contentType: string };

/** A body for a create or update of `base` named `name`. */
const bodyArb = (base: object, name: string): fc.Arbitrary<Body> => {
  const json = (v: unknown): Body => ({ body: JSON.stringify(v), contentType: 'application/json' });
  return fc.oneof(
    fc.constant(json(named(base, name))),
    fc.tuple(fc.constantFrom(...PATHS), ODD_VALUES).map(([p, v]) => {
      const o = named(base, name);
      setPath(o, p, v);
      return json(o);
    }),
    fc.array(fc.constantFrom(...PATHS), { minLength: 1, maxLength: 8 }).map((ps) => {
      const o = named(base, name);
      for (const p of ps) setPath(o, p, null);
      return json(o);
    }),
    fc.nat().map((n) => {
      const t = JSON.stringify(named(base, name));
      return { body: t.slice(0, n % t.length), contentType: 'application/json' };
    }),
    fc.tuple(fc.constantFrom(9999, 10000, 10001, 100_000), fc.constantFrom('[', '{"a":')).map(([d, open]) => {
      const close = open === '[' ? ']' : '}';
      const t = JSON.stringify(named(base, name)).replace('"a":"b"', `"a":${open.repeat(d)}1${close.repeat(d)}`).replace(/}$/, `,"deep":${open.repeat(d)}1${close.repeat(d)}}`);
      return { body: t, contentType: 'application/json' };
    }),
    fc.tuple(fc.nat(), fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0x00])).map(([pos, bytes]) => {
      const t = Buffer.from(JSON.stringify(named(base, name)));
      const quote = t.indexOf('"name":"') + 8;
      const at = pos % 2 === 0 ? quote : Math.max(1, pos % t.length);
      return { body: Buffer.concat([t.subarray(0, at), Buffer.from(bytes), t.subarray(at)]), contentType: 'application/json' };
    }),
    fc.constantFrom('metadata', 'name', 'kind', 'apiVersion', 'data', 'spec').map((k) => {
      const t = JSON.stringify(named(base, name));
      const dup = k === 'name' ? t.replace(`"name":"${name}"`, `"name":"${name}","name":"other"`) : t.replace(/}$/, `,"${k}":${JSON.stringify(k === 'metadata' ? { name: 'x' } : 'dup')}}`);
      return { body: dup, contentType: 'application/json' };
    }),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }).map((edits) => ({
      body: mutateBytes(JSON.stringify(named(base, name)), edits),
      contentType: 'application/json',
    })),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...Buffer.from(':-&*!|>%@`{}[],#?\n \t"\'\\'))), { maxLength: 6 }).map((edits) => ({
      body: mutateBytes(toYaml(named(base, name)), edits),
      contentType: 'application/yaml',
    })),
    fc.integer({ min: 2, max: 9 }).map((fan) => {
      const lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]'];
      for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array(fan).fill(`*a${i - 1}`).join(',')}]`);
      return { body: `${toYaml(named(base, name))}bomb:\n${lines.map((l) => `  ${l}`).join('\n')}\n`, contentType: 'application/yaml' };
    }),
    fc.constantFrom(`${toYaml(named(base, name))}self: &s [*s]\n`, `${toYaml(named(base, name))}x: !!binary AAAA\n`, '--- a\n--- b\n', '%YAML 9.9\n---\n{}', '{').map((y) => ({ body: y, contentType: 'application/yaml' })),
    fc.jsonValue({ maxDepth: 4 }).map(json),
    fc.uint8Array({ maxLength: 200 }).map((b) => ({ body: Buffer.from(b), contentType: 'application/json' })),
    fc.uint8Array({ maxLength: 200 }).map((b) => ({ body: Buffer.from(b), contentType: 'application/vnd.kubernetes.protobuf' })),
    fc.constant({ body: Buffer.alloc(3 * 1024 * 1024 + 1, 0x20), contentType: 'application/json' }),
  );
};

const patchArb: fc.Arbitrary<Body> = fc.oneof(
  fc.array(
    fc.record({
      op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'ADD', '', 'x'),
      path: fc.constantFrom('/metadata/labels/x', '/metadata/labels', '/data/a', '/spec', '/spec/containers/0/image', '/spec/containers/-', '/metadata/name', '', '/', '~', '/a~2b', '/metadata/labels/a~1b', '/spec/replicas', '/spec/ports/99', '/spec/tags/0', '/metadata/finalizers/-'),
      from: fc.option(fc.constantFrom('/metadata', '/spec', '/data', '', '/nope'), { nil: undefined }),
      value: fc.option(ODD_VALUES, { nil: undefined }),
    }, { requiredKeys: ['op'] }),
    { maxLength: 5 },
  ).map((ops) => ({ body: JSON.stringify(ops), contentType: 'application/json-patch+json' })),
  fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.tuple(fc.constantFrom(...PATHS), ODD_VALUES).map(([p, v]) => {
    const o: Record<string, unknown> = {};
    setPath(o, p, v);
    return o;
  })).map((v) => ({ body: JSON.stringify(v), contentType: 'application/merge-patch+json' })),
  fc.tuple(fc.constantFrom(...PATHS), ODD_VALUES, fc.constantFrom('$patch', '$retainKeys', '$setElementOrder/containers', '$deleteFromPrimitiveList/finalizers', 'x')).map(([p, v, directive]) => {
    const o: Record<string, unknown> = {};
    setPath(o, p, v);
    const spec: Record<string, unknown> = { containers: [{ name: 'c', [directive]: directive === '$patch' ? 'delete' : v }] };
    if (directive.startsWith('$setElementOrder') || directive.startsWith('$deleteFromPrimitiveList')) spec[directive] = v;
    return { body: JSON.stringify({ ...o, spec, metadata: { [directive]: v } }), contentType: 'application/strategic-merge-patch+json' };
  }),
  fc.tuple(fc.constantFrom(...PATHS), ODD_VALUES, fc.constantFrom('application/apply-patch+yaml', 'application/apply-patch+json', 'application/apply-patch+cbor')).map(([p, v, ct]) => {
    const o: Record<string, unknown> = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'target' } };
    setPath(o, p, v);
    return { body: ct.endsWith('yaml') ? toYaml(o) : JSON.stringify(o), contentType: ct };
  }),
  fc.tuple(fc.uint8Array({ maxLength: 100 }), fc.constantFrom('application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml')).map(([b, ct]) => ({ body: Buffer.from(b), contentType: ct })),
  fc.constantFrom('application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json').map((ct) => ({ body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: ct })),
  fc.constantFrom('application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json').map((ct) => ({ body: `{"metadata":${'{"a":'.repeat(9_000)}1${'}'.repeat(9_000)}}`, contentType: ct })),
);

const CONTENT_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/cbor', 'text/plain', '', '*/*', 'application/json; charset=utf-16', 'application/json;;', 'application/', '/', 'a/b/c', 'application/json; x="', '\u00e9/\u00e9'];
const ACCEPTS = [
  'application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/json;as=Table;g=meta.k8s.io;v=v1', 'application/json;as=Table;g=meta.k8s.io;v=v1beta1',
  'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1', 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1', 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io',
  'application/json;as=Nope;g=x;v=y', 'application/json;stream=watch', '*/*', 'text/html', '', ',,,', 'application/json;q=0', 'application/*;q=0.5, text/*', 'application/json;as=Table;g=meta.k8s.io;v=v1;includeObject=Object',
  'application/JSON', 'application/*', ' application/json ;q=0.5', 'text/html, application/json', 'application/cbor-seq', 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList', ';', '/', 'application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
];
const NON_RESOURCE_PATHS = ['/api', '/api/', '/api/v1', '/api/v2', '/apis', '/apis/apps', '/apis/apps/v1', '/apis/apps/v9', '/apis/nope', '/apis/nope/v1', '/version', '/version/x', '/openapi/v2', '/openapi/v3', '/openapi/v3/apis/nope', '/.well-known/openid-configuration', '/openid/v1/jwks', '/healthz', '/nope'];

const QUERY_KEYS = ['labelSelector', 'fieldSelector', 'resourceVersion', 'resourceVersionMatch', 'limit', 'continue', 'timeoutSeconds', 'watch', 'sendInitialEvents', 'allowWatchBookmarks', 'dryRun', 'fieldManager', 'fieldValidation', 'propagationPolicy', 'gracePeriodSeconds', 'pretty', 'orphanDependents', 'force', 'includeObject', 'x'];
const QUERY_VALUES = fc.oneof(
  fc.constantFrom('', '0', '-1', '1', 'true', 'false', 'All', 'Strict', 'Warn', 'Ignore', 'Exact', 'NotOlderThan', 'Orphan', 'Foreground', 'Background', '9223372036854775808', '1e9', 'NaN', 'a=b', 'a!=b,c in (d)', 'metadata.name=x', 'spec.nodeName==', '!', 'a in (', '%', '\u00e9', 'x'.repeat(10_000)),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
);

const ODD_SEGMENTS = ['.', '..', '%2F', '%2e%2e', '', 'é', '%C3%A9', '%00', '%ff', 'a'.repeat(254), 'a'.repeat(300), 'b'.repeat(70_000), '%', '%zz', '%E4%B8%AD', '~', ';', 'a;b', '*', 'default', 'fuzz', 'configmaps', 'status', 'scale', 'x:y', '+', '%20', '\u4e2d', 'https:x:80', 'ftp:x:1', ':80', 'a:b:c:d', 'x:99999999999999999999', 'x:-1'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO', 'M-SEARCH', 'get', 'Delete'];

describe(`API fuzz (seed ${SEED})`, () => {
  const f = new FuzzFixture({ suite: 'api', kinds: KINDS, crd: CRD });
  const batch = f.batch.bind(f);

  it('create and update bodies on ConfigMap, Secret, Pod, Service, Deployment and a CRD', async () => {
    const arb = fc.tuple(fc.constantFrom(...KINDS), fc.boolean(), fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/)).chain(([k, update, name]) =>
      bodyArb(k.base, update ? 'target' : name).map((b): Probe => ({
        method: update ? 'PUT' : 'POST',
        path: update ? `${k.coll}/target` : k.coll,
        headers: { 'content-type': b.contentType },
        body: b.body,
      })),
    );
    await batch('bodies', arb, runs(220));
  });

  it('patches of all four types', async () => {
    const arb = fc.tuple(fc.constantFrom(...KINDS), patchArb, fc.constantFrom('', '?fieldManager=fuzz', '?fieldManager=fuzz&force=true', '?fieldValidation=Strict', '?dryRun=All')).map(([k, p, q]): Probe => ({
      method: 'PATCH',
      path: `${k.coll}/target${p.contentType.startsWith('application/apply') && !q.includes('fieldManager') ? '?fieldManager=fuzz' : q}`,
      headers: { 'content-type': p.contentType },
      body: p.body,
    }));
    await batch('patches', arb, runs(220));
  });

  it('patches, applies and updates of the scale subresource', async () => {
    const scalePath = '/apis/apps/v1/namespaces/fuzz/deployments/target/scale';
    const scaleBody = fc
      .tuple(fc.constantFrom('spec.replicas', 'spec', 'metadata.name', 'metadata.labels', 'metadata.resourceVersion', 'status.replicas', 'apiVersion', 'kind', 'spec.foo'), ODD_VALUES)
      .map(([p, v]) => {
        const scale: Record<string, unknown> = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'target' }, spec: { replicas: 2 } };
        setPath(scale, p, v);
        return scale;
      });
    const arb = fc.oneof(
      fc.tuple(patchArb, fc.constantFrom('', '?fieldManager=fuzz', '?fieldManager=fuzz&force=true', '?dryRun=All')).map(([p, q]): Probe => ({
        method: 'PATCH',
        path: `${scalePath}${p.contentType.startsWith('application/apply') && !q.includes('fieldManager') ? '?fieldManager=fuzz' : q}`,
        headers: { 'content-type': p.contentType },
        body: p.body,
      })),
      fc.tuple(scaleBody, fc.constantFrom('PATCH', 'PUT'), fc.constantFrom('?fieldManager=fuzz', '?fieldManager=fuzz&force=true', '?fieldManager=other', '')).map(([b, method, q]): Probe => ({
        method,
        path: `${scalePath}${method === 'PATCH' && q === '' ? '?fieldManager=fuzz' : q}`,
        headers: { 'content-type': method === 'PATCH' ? 'application/apply-patch+yaml' : 'application/json' },
        body: JSON.stringify(b),
      })),
    );
    await batch('scale', arb, runs(120));
  });

  it('Content-Type x Accept on reads and writes', async () => {
    const arb = fc.tuple(fc.constantFrom(...KINDS), fc.constantFrom(...CONTENT_TYPES), fc.constantFrom(...ACCEPTS), fc.constantFrom('list', 'get', 'create', 'watch')).map(([k, ct, accept, verb]): Probe => {
      const headers: Record<string, string> = { accept };
      if (verb === 'create') headers['content-type'] = ct;
      const body = verb === 'create' ? (ct.includes('yaml') ? toYaml(named(k.base, 'ctype')) : JSON.stringify(named(k.base, 'ctype'))) : undefined;
      const path = verb === 'get' ? `${k.coll}/target` : verb === 'watch' ? `${k.coll}?watch=1&timeoutSeconds=1` : k.coll;
      return { method: verb === 'create' ? 'POST' : 'GET', path, headers, body };
    });
    await batch('content negotiation', arb, runs(100));
  });

  it('Accept x method on discovery, version, OpenAPI and unknown paths', async () => {
    const arb = fc.tuple(fc.constantFrom(...NON_RESOURCE_PATHS), fc.constantFrom(...ACCEPTS), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD')).map(([path, accept, method]): Probe => ({ method, path, headers: { accept } }));
    await batch('non-resource negotiation', arb, runs(100));
  });

  it('absurd query parameters on every verb', async () => {
    const arb = fc.tuple(
      fc.constantFrom(...KINDS),
      fc.constantFrom('get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'),
      fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), QUERY_VALUES), { maxLength: 5 }),
    ).map(([k, verb, params]): Probe => {
      const q = new URLSearchParams(params);
      if (verb === 'watch') q.set('watch', 'true');
      const one = `${k.coll}/${verb === 'delete' ? 'nonexistent' : 'target'}`;
      const write = verb === 'create' || verb === 'update' || verb === 'patch';
      const path = `${verb === 'get' || verb === 'update' || verb === 'patch' || verb === 'delete' ? one : k.coll}?${q.toString()}`;
      const method = { get: 'GET', list: 'GET', watch: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE', deletecollection: 'DELETE' }[verb]!;
      const body = write ? JSON.stringify(verb === 'patch' ? { metadata: { labels: { q: 'y' } } } : named(k.base, verb === 'update' ? 'target' : 'q')) : undefined;
      const ct = verb === 'patch' ? 'application/merge-patch+json' : 'application/json';
      return { method, path, headers: write ? { 'content-type': ct } : {}, body };
    });
    await batch('query parameters', arb, runs(150));
  });

  it('odd paths and odd methods', async () => {
    const arb = fc.tuple(
      fc.constantFrom(...METHODS),
      fc.constantFrom('/api/v1/namespaces/X/configmaps/Y', '/api/v1/namespaces/X/Y', '/apis/X/v1/Y', '/apis/apps/X/namespaces/fuzz/deployments/Y', '/X/Y', '/api/X', '/openapi/v3/X', '/apis/fuzz.example.com/v1/namespaces/X/widgets/Y/status', '/api/v1/namespaces/fuzz/pods/Y/X',
        // Proxy names ([scheme:]name[:port]) and the path after them; computed and registered objects.
        '/api/v1/namespaces/fuzz/services/Y/proxy/X', '/api/v1/namespaces/fuzz/pods/Y/proxy/X', '/api/v1/nodes/Y/proxy/X', '/api/v1/componentstatuses/Y', '/apis/apiregistration.k8s.io/v1/apiservices/Y'),
      fc.constantFrom(...ODD_SEGMENTS),
      fc.constantFrom(...ODD_SEGMENTS),
      fc.constantFrom('', '?', '?&&', '?a=%zz', '#frag', '/', '//'),
    ).map(([method, tmpl, x, y, tail]): Probe => ({ method, path: tmpl.replace('X', x).replace('Y', y) + tail }));
    await batch('paths and methods', arb, runs(120));
  });

  it('everything stored reads back', async () => {
    await f.restoreTargets();
    const objects = await checkReadback(f.t, f.client, KINDS.map((k) => k.coll));
    assert.ok(objects >= KINDS.length, `expected at least the ${KINDS.length} targets, listed ${objects}`);
    assert.deepEqual(f.t.violations, []);
    assert.ok(await expectReady(f.client));
  });
});
