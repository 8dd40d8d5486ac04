// (Named *.test.ts to sit with the OpenAPI tests; it registers no tests itself.)
// Helpers for the OpenAPI tests: a small catalog with a test schema, an HTTP server that
// routes requests to OpenApi.handle, a walker over JSON documents, and a protobuf reader.

import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApi } from '../../src/endpoints/openapi.js';
import { parseRequestInfo } from '../../src/server/requestinfo.js';
import type { Ctx } from '../../src/server/http.js';
import { Catalog } from '../../src/types/catalog.js';
import { kind, scaleSubresource, statusSubresource } from '../../src/types/kind.js';
import {
  bool,
  bytes,
  double,
  int32,
  intOrString,
  list,
  map,
  object,
  quantity,
  string,
  time,
  type Fluent,
  type ObjectType,
  type Type,
} from '../../src/types/schema.js';
import { LabelSelector, ObjectMeta, typeMeta } from '../../src/types/schemas/meta.js';

export const WidgetPort = object('io.k8s.api.core.v1.WidgetPort', {
  port: int32().required().keepEmpty().doc('port number'),
  protocol: string().default('TCP').doc('protocol'),
}, { description: 'WidgetPort is a port of a widget.' });

export const Target = object('io.k8s.api.core.v1.WidgetTarget', {
  name: string().doc('name of the target'),
}, { description: 'WidgetTarget points at something.', mapType: 'atomic' });

/** Counts how often the recursive type's fields are resolved (laziness checks). */
export const thunkCalls = { count: 0 };

export const Node: ObjectType & Fluent<ObjectType> = object('io.k8s.api.core.v1.WidgetNode', () => {
  thunkCalls.count++;
  return {
    value: string().doc('value of the node'),
    children: list(Node).doc('child nodes'),
  };
}, { description: 'WidgetNode is a recursive tree.' });

export const WidgetSpec = object('io.k8s.api.core.v1.WidgetSpec', {
  name: string().required().keepEmpty().doc('name is required'),
  replicas: int32().optional().doc('number of replicas'),
  size: quantity().doc('how big'),
  port: intOrString().doc('port by number or name'),
  created: time().doc('creation time'),
  ports: list(WidgetPort, { listType: 'map', listMapKeys: ['port', 'protocol'], patchStrategy: 'merge', patchMergeKey: 'port' }).doc('ports of the widget'),
  tags: list(string(), { listType: 'set' }).doc('tags'),
  labels: map(string()).doc('labels'),
  limits: map(quantity()).doc('limits'),
  selector: LabelSelector.optional().doc('selects pods'),
  target: Target.doc('target, merged field by field').with({ mapType: 'granular' }),
  mode: string().enum(['A', 'B']).default('A').doc('mode of operation'),
  data: bytes().doc('raw bytes'),
  ratio: double().doc('a ratio'),
  enabled: bool().doc('whether enabled'),
  tree: Node.optional().doc('a tree'),
}, { description: 'WidgetSpec describes a widget.' });

export const WidgetStatus = object('io.k8s.api.core.v1.WidgetStatus', {
  ready: bool().doc('ready or not'),
}, { description: 'WidgetStatus is the observed state of a widget.' });

export const Widget = object('io.k8s.api.core.v1.Widget', {
  ...typeMeta,
  metadata: ObjectMeta.doc("Standard object's metadata."),
  spec: WidgetSpec.doc('spec of the widget'),
  status: WidgetStatus.optional().doc('status of the widget'),
}, { description: 'Widget is a test kind.' });

export const Gadget = object('test.skiff.gadgets.v1.Gadget', {
  ...typeMeta,
  metadata: ObjectMeta.doc("Standard object's metadata."),
  color: string().doc('color of the gadget'),
}, { description: 'Gadget is a custom resource.' });

/** The test schema's named types, handed to OpenApi as declarations. */
export const testTypes: ObjectType[] = [WidgetPort, Target, Node, WidgetSpec, WidgetStatus, Widget, Gadget];

export function testCatalog(): Catalog {
  return new Catalog([
    kind({
      group: '', kind: 'Widget', plural: 'widgets', singular: 'widget', namespaced: true, schema: Widget,
      subresources: [scaleSubresource(), statusSubresource()],
    }),
    kind({ group: 'gadgets.skiff.test', kind: 'Gadget', plural: 'gadgets', singular: 'gadget', namespaced: false, schema: Gadget }),
    kind({ group: 'gadgets.skiff.test', kind: 'GadgetReview', plural: 'gadgetreviews', singular: 'gadgetreview', namespaced: false, verbs: ['create'] }),
  ]);
}

// ---- JSON walking ----

export type J = Record<string, any>;

/** Every object node of a JSON document with its path. */
export function* nodes(v: unknown, path = '$'): Generator<[string, J]> {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) yield* nodes(v[i], `${path}[${i}]`);
  } else if (v && typeof v === 'object') {
    yield [path, v as J];
    for (const [k, x] of Object.entries(v)) yield* nodes(x, `${path}.${k}`);
  }
}

/** $refs that do not resolve inside the document. */
export function danglingRefs(doc: J): string[] {
  const out: string[] = [];
  for (const [path, n] of nodes(doc)) {
    if (typeof n.$ref !== 'string') continue;
    const parts = (n.$ref as string).replace(/^#\//, '').split('/');
    let cur: any = doc;
    for (const p of parts) cur = cur?.[p];
    if (cur === undefined) out.push(`${path} -> ${n.$ref}`);
  }
  return out;
}

// ---- HTTP ----

export interface Served {
  url: string;
  server: Server;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>;
  close(): Promise<void>;
}

/** An HTTP server whose only route is `openapi.handle` (404 otherwise). */
export async function serve(openapi: OpenApi): Promise<Served> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const ctx: Ctx = {
      req,
      res,
      method,
      path: url.pathname,
      query: url.searchParams,
      info: parseRequestInfo(method, url.pathname, url.searchParams),
      auditId: 'test-audit-id',
      warnings: [],
      auditAnnotations: {},
      maxBodyBytes: 0,
    };
    if (!openapi.handle(ctx)) {
      res.writeHead(404);
      res.end('not routed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const get: Served['get'] = (path, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    get,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- protobuf ----

export interface ProtoField {
  field: number;
  wire: number;
  value: bigint | Buffer;
}

/** Decode one protobuf message into its fields (no schema: varints and byte strings). */
export function protoFields(buf: Buffer): ProtoField[] {
  const out: ProtoField[] = [];
  let i = 0;
  const varint = (): bigint => {
    let shift = 0n;
    let result = 0n;
    for (;;) {
      const b = buf[i++];
      if (b === undefined) throw new Error('truncated varint');
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  };
  while (i < buf.length) {
    const key = Number(varint());
    const field = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ field, wire, value: varint() });
    else if (wire === 2) {
      const len = Number(varint());
      out.push({ field, wire, value: buf.subarray(i, i + len) });
      i += len;
    } else if (wire === 1) {
      out.push({ field, wire, value: buf.subarray(i, i + 8) });
      i += 8;
    } else if (wire === 5) {
      out.push({ field, wire, value: buf.subarray(i, i + 4) });
      i += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

export function protoString(fields: ProtoField[], n: number): string | undefined {
  const f = fields.find((x) => x.field === n);
  return f && Buffer.isBuffer(f.value) ? f.value.toString('utf8') : undefined;
}

export function protoMessages(fields: ProtoField[], n: number): ProtoField[][] {
  return fields.filter((x) => x.field === n && Buffer.isBuffer(x.value)).map((x) => protoFields(x.value as Buffer));
}

export type { Type };
