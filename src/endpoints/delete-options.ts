// The body of DELETE (one object or a collection): a DeleteOptions in any media type the
// server takes, decoded as k8s.io/apiserver pkg/endpoints/handlers/delete.go does it.
// The meta internal-version scheme registers DeleteOptions as an unversioned type, so a
// body naming any group version (client-go puts the client's own, e.g. "apps/v1", in the
// protobuf envelope) decodes; the kind must be DeleteOptions. An empty body means the
// options come from the query instead (a non-empty body replaces the query entirely).

import { badRequest } from '../apimachinery/errors.js';
import { requestEncoding } from '../encoding/negotiate.js';
import { decodeObjectProto } from '../encoding/protobuf.js';
import { ProtoDecodeError } from '../encoding/protobuf-wire.js';
import type { Obj } from '../types/kind.js';
import { DeleteOptions as DeleteOptionsType } from '../types/schemas/meta.js';
import { parseBody } from './decode.js';
import { decodeValueTyped } from './typed-decode.js';

const META_SCHEME = 'k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go:28';
const DEFAULT_API_VERSION = 'meta.k8s.io/v1';

/** Decode a non-empty DELETE body; 415 for media types the server does not take, 400 for anything undecodable. */
export function decodeDeleteOptionsBody(body: Buffer, contentType: string | undefined, opts: { cbor?: boolean } = {}): Obj {
  const encoding = requestEncoding(contentType, { protobuf: true, cbor: opts.cbor });
  let value: unknown;
  if (encoding === 'protobuf') {
    try {
      value = decodeObjectProto(body, (_av, kind) => (kind === 'DeleteOptions' ? DeleteOptionsType : undefined), { apiVersion: DEFAULT_API_VERSION, kind: 'DeleteOptions' });
    } catch (e) {
      if (e instanceof ProtoDecodeError || e instanceof RangeError) throw badRequest(scopedMessage((e as Error).message));
      throw e;
    }
  } else {
    value = parseBody(body, encoding, 'DeleteOptions');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest('the body of the request was in an unknown format');
  const obj = value as Obj;
  const kind = typeof obj.kind === 'string' && obj.kind ? obj.kind : 'DeleteOptions';
  const apiVersion = typeof obj.apiVersion === 'string' && obj.apiVersion ? obj.apiVersion : DEFAULT_API_VERSION;
  if (kind !== 'DeleteOptions') throw badRequest(`no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)} in scheme ${JSON.stringify(META_SCHEME)}`);
  if (encoding !== 'protobuf') {
    const { error } = decodeValueTyped(obj, DeleteOptionsType);
    if (error) throw badRequest(error);
  }
  delete obj.kind;
  delete obj.apiVersion;
  return obj;
}

function scopedMessage(msg: string): string {
  return msg.includes('in scheme') || !msg.startsWith('no kind') ? msg : `${msg} in scheme ${JSON.stringify(META_SCHEME)}`;
}
