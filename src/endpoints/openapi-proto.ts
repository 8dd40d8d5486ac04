// The swagger 2.0 document as the protobuf message client-go asks for
// (Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf): gnostic's
// openapi.v2.Document, with vendor extensions and defaults carried as YAML text.

import { toYaml } from '../encoding/yaml.js';
import type { Json } from './openapi-schema.js';

/** A minimal protobuf writer: fields are appended in the order they are written. */
class ProtoWriter {
  private readonly parts: Buffer[] = [];

  private varint(n: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(n));
    const bytes: number[] = [];
    while (v >= 0x80n) {
      bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    bytes.push(Number(v));
    this.parts.push(Buffer.from(bytes));
  }

  private key(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }

  string(field: number, s: unknown): void {
    if (typeof s !== 'string' || s === '') return;
    const b = Buffer.from(s, 'utf8');
    this.key(field, 2);
    this.varint(b.length);
    this.parts.push(b);
  }

  strings(field: number, list: unknown): void {
    if (!Array.isArray(list)) return;
    for (const s of list) {
      // repeated strings keep empty elements
      const b = Buffer.from(String(s), 'utf8');
      this.key(field, 2);
      this.varint(b.length);
      this.parts.push(b);
    }
  }

  bool(field: number, b: unknown): void {
    if (b !== true) return;
    this.key(field, 0);
    this.varint(1);
  }

  int64(field: number, n: unknown): void {
    if (typeof n !== 'number' || n === 0) return;
    this.key(field, 0);
    this.varint(Math.trunc(n));
  }

  double(field: number, n: unknown): void {
    if (typeof n !== 'number' || n === 0) return;
    this.key(field, 1);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(n);
    this.parts.push(b);
  }

  message(field: number, encode: (w: ProtoWriter) => void): void {
    const w = new ProtoWriter();
    encode(w);
    const b = w.finish();
    this.key(field, 2);
    this.varint(b.length);
    this.parts.push(b);
  }

  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sortedEntries(o: unknown): [string, unknown][] {
  if (!isObject(o)) return [];
  return Object.keys(o)
    .sort()
    .map((k) => [k, o[k]]);
}

/** openapi.v2.Any: the value as YAML. */
function any(w: ProtoWriter, field: number, value: unknown): void {
  w.message(field, (a) => a.string(2, toYaml(value)));
}

/** repeated NamedAny vendor_extension: every "x-" key of a JSON object. */
function vendorExtensions(w: ProtoWriter, field: number, o: Json): void {
  for (const [k, v] of sortedEntries(o)) {
    if (!k.startsWith('x-')) continue;
    w.message(field, (n) => {
      n.string(1, k);
      any(n, 2, v);
    });
  }
}

function schema(w: ProtoWriter, s: Json): void {
  w.string(1, s.$ref);
  w.string(2, s.format);
  w.string(3, s.title);
  w.string(4, s.description);
  if (s.default !== undefined) any(w, 5, s.default);
  w.double(6, s.multipleOf);
  w.double(7, s.maximum);
  w.bool(8, s.exclusiveMaximum);
  w.double(9, s.minimum);
  w.bool(10, s.exclusiveMinimum);
  w.int64(11, s.maxLength);
  w.int64(12, s.minLength);
  w.string(13, s.pattern);
  w.int64(14, s.maxItems);
  w.int64(15, s.minItems);
  w.bool(16, s.uniqueItems);
  w.int64(17, s.maxProperties);
  w.int64(18, s.minProperties);
  w.strings(19, s.required);
  if (Array.isArray(s.enum)) for (const e of s.enum) any(w, 20, e);
  const ap = s.additionalProperties;
  if (isObject(ap)) w.message(21, (m) => m.message(1, (x) => schema(x, ap)));
  else if (typeof ap === 'boolean') w.message(21, (m) => m.bool(2, ap));
  if (s.type !== undefined) w.message(22, (m) => m.strings(1, Array.isArray(s.type) ? s.type : [s.type]));
  const items = s.items;
  if (isObject(items)) w.message(23, (m) => m.message(1, (x) => schema(x, items)));
  else if (Array.isArray(items)) w.message(23, (m) => items.forEach((i) => m.message(1, (x) => schema(x, i as Json))));
  if (Array.isArray(s.allOf)) for (const a of s.allOf) w.message(24, (x) => schema(x, a as Json));
  if (isObject(s.properties)) {
    w.message(25, (p) => {
      for (const [name, v] of sortedEntries(s.properties)) {
        p.message(1, (n) => {
          n.string(1, name);
          n.message(2, (x) => schema(x, v as Json));
        });
      }
    });
  }
  w.bool(27, s.readOnly);
  vendorExtensions(w, 31, s);
}

/** openapi.v2.Parameter (body or non-body). */
function parameter(w: ProtoWriter, p: Json): void {
  if (p.in === 'body') {
    w.message(1, (b) => {
      b.string(1, p.description);
      b.string(2, p.name);
      b.string(3, p.in);
      b.bool(4, p.required);
      if (isObject(p.schema)) b.message(5, (x) => schema(x, p.schema as Json));
      vendorExtensions(b, 6, p);
    });
    return;
  }
  // NonBodyParameter: header=1, formData=2, query=3, path=4. Path and header sub-schemas
  // have no allow_empty_value, so their later field numbers are one lower.
  const which = p.in === 'header' ? 1 : p.in === 'formData' ? 2 : p.in === 'path' ? 4 : 3;
  const shift = which === 2 || which === 3 ? 1 : 0;
  w.message(2, (nb) =>
    nb.message(which, (q) => {
      q.bool(1, p.required);
      q.string(2, p.in);
      q.string(3, p.description);
      q.string(4, p.name);
      if (shift) q.bool(5, p.allowEmptyValue);
      q.string(5 + shift, p.type);
      q.string(6 + shift, p.format);
      q.string(8 + shift, p.collectionFormat);
      if (p.default !== undefined) any(q, 9 + shift, p.default);
      q.bool(19 + shift, p.uniqueItems);
      vendorExtensions(q, 22 + shift, p);
    }),
  );
}

function parametersItem(w: ProtoWriter, field: number, p: Json): void {
  w.message(field, (item) => {
    if (typeof p.$ref === 'string') item.message(2, (r) => r.string(1, p.$ref));
    else item.message(1, (x) => parameter(x, p));
  });
}

function operation(w: ProtoWriter, op: Json): void {
  w.strings(1, op.tags);
  w.string(2, op.summary);
  w.string(3, op.description);
  w.string(5, op.operationId);
  w.strings(6, op.produces);
  w.strings(7, op.consumes);
  if (Array.isArray(op.parameters)) for (const p of op.parameters) parametersItem(w, 8, p as Json);
  if (isObject(op.responses)) {
    w.message(9, (rs) => {
      for (const [code, res] of sortedEntries(op.responses)) {
        const r = res as Json;
        rs.message(1, (n) => {
          n.string(1, code);
          n.message(2, (rv) =>
            rv.message(1, (x) => {
              x.string(1, r.description);
              if (isObject(r.schema)) x.message(2, (si) => si.message(1, (s) => schema(s, r.schema as Json)));
              vendorExtensions(x, 5, r);
            }),
          );
        });
      }
    });
  }
  w.strings(10, op.schemes);
  w.bool(11, op.deprecated);
  vendorExtensions(w, 13, op);
}

const METHOD_FIELDS: [string, number][] = [['get', 2], ['put', 3], ['post', 4], ['delete', 5], ['options', 6], ['head', 7], ['patch', 8]];

function pathItem(w: ProtoWriter, item: Json): void {
  for (const [method, field] of METHOD_FIELDS) {
    const op = item[method];
    if (isObject(op)) w.message(field, (x) => operation(x, op));
  }
  if (Array.isArray(item.parameters)) for (const p of item.parameters) parametersItem(w, 9, p as Json);
  vendorExtensions(w, 10, item);
}

/** Encode a swagger 2.0 JSON document as gnostic's openapi.v2.Document. */
export function swaggerToProto(doc: Json): Buffer {
  const w = new ProtoWriter();
  w.string(1, doc.swagger);
  const info = doc.info;
  if (isObject(info)) {
    w.message(2, (i) => {
      i.string(1, info.title);
      i.string(2, info.version);
      i.string(3, info.description);
    });
  }
  w.string(3, doc.host);
  w.string(4, doc.basePath);
  w.strings(5, doc.schemes);
  w.strings(6, doc.consumes);
  w.strings(7, doc.produces);
  if (isObject(doc.paths)) {
    w.message(8, (ps) => {
      for (const [path, item] of sortedEntries(doc.paths)) {
        ps.message(2, (n) => {
          n.string(1, path);
          n.message(2, (x) => pathItem(x, item as Json));
        });
      }
    });
  }
  if (isObject(doc.definitions)) {
    w.message(9, (ds) => {
      for (const [name, s] of sortedEntries(doc.definitions)) {
        ds.message(1, (n) => {
          n.string(1, name);
          n.message(2, (x) => schema(x, s as Json));
        });
      }
    });
  }
  if (isObject(doc.parameters)) {
    w.message(10, (ps) => {
      for (const [name, p] of sortedEntries(doc.parameters)) {
        ps.message(1, (n) => {
          n.string(1, name);
          n.message(2, (x) => parameter(x, p as Json));
        });
      }
    });
  }
  if (Array.isArray(doc.security)) {
    for (const req of doc.security) {
      w.message(12, (sr) => {
        for (const [name, scopes] of sortedEntries(req)) {
          sr.message(1, (n) => {
            n.string(1, name);
            n.message(2, (a) => a.strings(1, scopes));
          });
        }
      });
    }
  }
  if (isObject(doc.securityDefinitions)) {
    w.message(13, (sd) => {
      for (const [name, def] of sortedEntries(doc.securityDefinitions)) {
        const d = def as Json;
        sd.message(1, (n) => {
          n.string(1, name);
          // SecurityDefinitionsItem: api_key_security = 2 (the only kind kube-apiserver publishes)
          n.message(2, (item) =>
            item.message(2, (k) => {
              k.string(1, d.type);
              k.string(2, d.name);
              k.string(3, d.in);
              k.string(4, d.description);
            }),
          );
        });
      }
    });
  }
  return w.finish();
}
