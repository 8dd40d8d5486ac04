// The hand-written protobuf and gRPC framing used by the etcd client, checked against
// bytes worked out from the protobuf encoding rules (no etcd needed).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ProtoReader, ProtoWriter } from '../../src/storage/etcd/protowire.js';
import { FrameParser, frame } from '../../src/storage/etcd/grpc.js';
import {
  CompareTarget,
  decodeWatchResponse,
  encodeTxn,
  encodeWatchCreate,
} from '../../src/storage/etcd/messages.js';

const hex = (b: Buffer) => b.toString('hex');

describe('protowire', () => {
  it('encodes varints and round-trips values up to 2^53', () => {
    assert.equal(hex(new ProtoWriter().uint(1, 1).finish()), '0801');
    assert.equal(hex(new ProtoWriter().uint(1, 300).finish()), '08ac02');
    assert.equal(hex(new ProtoWriter().uint(1, 0).finish()), '', 'zero is the default and omitted');
    assert.equal(hex(new ProtoWriter().uint(5, 0, true).finish()), '2800', 'unless it is a oneof member');
    for (const v of [0, 1, 127, 128, 16383, 16384, 2 ** 31, 2 ** 32 + 5, 2 ** 49 - 1, 2 ** 49, Number.MAX_SAFE_INTEGER]) {
      const r = new ProtoReader(new ProtoWriter().uint(3, v, true).finish());
      assert.ok(r.next());
      assert.equal(r.field, 3);
      assert.equal(r.int(), v);
    }
    assert.throws(() => new ProtoWriter().uint(1, -1));
  });

  it('decodes a negative int64 (etcd watch_id -1) from its 10-byte varint', () => {
    const minusOne = Buffer.from('10ffffffffffffffffff01', 'hex'); // field 2, varint
    const res = decodeWatchResponse(minusOne);
    assert.equal(res.watchId, -1);
  });

  it('skips unknown fields of every wire type', () => {
    const msg = Buffer.concat([
      Buffer.from('0d01020304', 'hex'), // field 1, fixed32
      Buffer.from('110102030405060708', 'hex'), // field 2, fixed64
      Buffer.from('1a03616263', 'hex'), // field 3, bytes "abc"
      new ProtoWriter().uint(2, 7).finish(), // watch_id 7 (field 2 varint) after the unknown ones
    ]);
    const r = new ProtoReader(msg);
    const seen: number[] = [];
    while (r.next()) {
      seen.push(r.field);
      r.skip();
    }
    assert.deepEqual(seen, [1, 2, 3, 2]);
    const truncated = new ProtoReader(Buffer.from('1a05616263', 'hex')); // says 5 bytes, has 3
    assert.ok(truncated.next());
    assert.throws(() => truncated.skip(), /unexpected EOF/);
  });

  it('writes a create-if-absent compare with create_revision 0 present', () => {
    const key = Buffer.from('k');
    const txn = encodeTxn({ compare: [{ key, target: CompareTarget.Create, equals: 0 }], success: [{ put: { key, value: Buffer.alloc(0) } }], failure: [] });
    // compare { target=CREATE(1), key="k", create_revision=0 }, success { request_put { key="k" } }
    assert.equal(hex(txn), '0a07' + '1001' + '1a016b' + '2800' + '1205' + '1203' + '0a016b');
  });

  it('writes a watch create request with a client-chosen id', () => {
    const req = encodeWatchCreate({ key: Buffer.from('/a'), rangeEnd: Buffer.from('/b'), startRevision: 5, prevKv: true, progressNotify: true, watchId: 3 });
    assert.equal(hex(req), '0a10' + '0a022f61' + '12022f62' + '1805' + '2001' + '3001' + '3803');
  });
});

describe('gRPC framing', () => {
  it('frames messages and splits a byte stream back into them, whatever the chunking', () => {
    const msgs = [Buffer.from('hello'), Buffer.alloc(0), Buffer.alloc(70_000, 7), Buffer.from('end')];
    const wire = Buffer.concat(msgs.map(frame));
    assert.equal(hex(frame(Buffer.from('hi'))), '00' + '00000002' + '6869');
    for (const size of [1, 3, 5, 6, 1000, wire.length]) {
      const parser = new FrameParser();
      const out: Buffer[] = [];
      for (let i = 0; i < wire.length; i += size) parser.push(wire.subarray(i, i + size), (m) => out.push(Buffer.from(m)));
      assert.deepEqual(out, msgs, `chunks of ${size}`);
    }
  });

  it('rejects compressed messages', () => {
    assert.throws(() => new FrameParser().push(Buffer.from('0100000000', 'hex'), () => {}), /compressed/);
  });
});
