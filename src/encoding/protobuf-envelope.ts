// The Kubernetes protobuf envelope (magic prefix + runtime.Unknown) and the framing of
// protobuf watch streams (4-byte big-endian length + metav1.WatchEvent).

import { ProtoDecodeError, ProtoReader, ProtoWriter, WIRE_LEN } from './protobuf-wire.js';

/** "k8s\0": the prefix of every envelope-encoded object. */
export const PROTOBUF_PREFIX = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

export interface ProtoEnvelope {
  apiVersion: string;
  kind: string;
  /** The object serialized as protobuf (no prefix). */
  raw: Uint8Array;
  contentEncoding: string;
  contentType: string;
}

export function hasProtobufPrefix(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x6b && bytes[1] === 0x38 && bytes[2] === 0x73 && bytes[3] === 0x00;
}

/**
 * Wrap an encoded object as upstream's protobuf serializer does: the prefix, then
 * runtime.Unknown {typeMeta=1 {apiVersion=1, kind=2}, raw=2, contentEncoding=3, contentType=4}
 * with every string field written even when empty.
 */
export function encodeEnvelope(apiVersion: string, kind: string, raw: Uint8Array, contentEncoding = '', contentType = ''): Uint8Array {
  const w = new ProtoWriter(raw.length + apiVersion.length + kind.length + 32);
  w.raw(PROTOBUF_PREFIX);
  w.tag(1, WIRE_LEN).fork();
  w.tag(1, WIRE_LEN).string(apiVersion);
  w.tag(2, WIRE_LEN).string(kind);
  w.join();
  w.tag(2, WIRE_LEN).bytes(raw);
  w.tag(3, WIRE_LEN).string(contentEncoding);
  w.tag(4, WIRE_LEN).string(contentType);
  return w.finish();
}

/** Unwrap an envelope; errors are upstream's protobuf serializer's. */
export function decodeEnvelope(bytes: Uint8Array): ProtoEnvelope {
  if (bytes.length === 0) throw new ProtoDecodeError('empty data');
  if (!hasProtobufPrefix(bytes)) {
    throw new ProtoDecodeError('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  }
  if (bytes.length === PROTOBUF_PREFIX.length) throw new ProtoDecodeError('empty body');
  const out: ProtoEnvelope = { apiVersion: '', kind: '', raw: new Uint8Array(0), contentEncoding: '', contentType: '' };
  const r = new ProtoReader(bytes, PROTOBUF_PREFIX.length);
  while (!r.eof()) {
    const [no, wt] = r.tag();
    if (no >= 1 && no <= 4 && wt !== WIRE_LEN) {
      throw new ProtoDecodeError(`proto: wrong wireType = ${wt} for field ${['TypeMeta', 'Raw', 'ContentEncoding', 'ContentType'][no - 1]}`);
    }
    switch (no) {
      case 1: {
        const tm = r.bytes();
        const tr = new ProtoReader(tm);
        while (!tr.eof()) {
          const [tno, twt] = tr.tag();
          if ((tno === 1 || tno === 2) && twt !== WIRE_LEN) {
            throw new ProtoDecodeError(`proto: wrong wireType = ${twt} for field ${tno === 1 ? 'APIVersion' : 'Kind'}`);
          }
          if (tno === 1) out.apiVersion = tr.string();
          else if (tno === 2) out.kind = tr.string();
          else tr.skip(twt, tno);
        }
        break;
      }
      case 2:
        out.raw = r.bytes();
        break;
      case 3:
        out.contentEncoding = r.string();
        break;
      case 4:
        out.contentType = r.string();
        break;
      default:
        r.skip(wt, no);
    }
  }
  return out;
}

/** metav1.WatchEvent {type=1 string, object=2 RawExtension {raw=1 bytes}}, unframed. */
export function encodeWatchEventMessage(type: string, object: Uint8Array): Uint8Array {
  const w = new ProtoWriter(object.length + type.length + 16);
  w.tag(1, WIRE_LEN).string(type);
  w.tag(2, WIRE_LEN).fork();
  w.tag(1, WIRE_LEN).bytes(object);
  w.join();
  return w.finish();
}

/**
 * One frame of a protobuf watch stream: a 4-byte big-endian length, then a WatchEvent
 * whose object is the envelope-encoded object (or Status, for ERROR events).
 */
export function encodeWatchEventProto(type: string, envelope: Uint8Array): Uint8Array {
  return frameProto(encodeWatchEventMessage(type, envelope));
}

/** Prefix a message with its length as 4 big-endian bytes (upstream's LengthDelimitedFramer). */
export function frameProto(message: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + message.length);
  new DataView(out.buffer).setUint32(0, message.length, false);
  out.set(message, 4);
  return out;
}

export function decodeWatchEventMessage(message: Uint8Array): { type: string; object: Uint8Array } {
  let type = '';
  let object: Uint8Array = new Uint8Array(0);
  const r = new ProtoReader(message);
  while (!r.eof()) {
    const [no, wt] = r.tag();
    if (no === 1 && wt === WIRE_LEN) type = r.string();
    else if (no === 2 && wt === WIRE_LEN) {
      const ext = new ProtoReader(r.bytes());
      while (!ext.eof()) {
        const [eno, ewt] = ext.tag();
        if (eno === 1 && ewt === WIRE_LEN) object = ext.bytes();
        else ext.skip(ewt, eno);
      }
    } else if (no === 1 || no === 2) throw new ProtoDecodeError(`proto: wrong wireType = ${wt} for field ${no === 1 ? 'Type' : 'Object'}`);
    else r.skip(wt, no);
  }
  return { type, object };
}

/** Split a buffer of length-delimited frames into complete messages and the incomplete tail. */
export function splitProtoFrames(buf: Uint8Array): { frames: Uint8Array[]; rest: Uint8Array } {
  const frames: Uint8Array[] = [];
  let pos = 0;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  while (pos + 4 <= buf.length) {
    const len = view.getUint32(pos, false);
    if (pos + 4 + len > buf.length) break;
    frames.push(buf.subarray(pos + 4, pos + 4 + len));
    pos += 4 + len;
  }
  return { frames, rest: buf.subarray(pos) };
}
