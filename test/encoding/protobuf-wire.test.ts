// The protobuf wire primitives, Go duration/time text forms, the k8s envelope and the
// watch-stream framing.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeEnvelope,
  decodeWatchEventMessage,
  encodeEnvelope,
  encodeWatchEventProto,
  splitProtoFrames,
} from '../../src/encoding/protobuf-envelope.js';
import { formatGoDuration, formatMicroTime, formatTime, parseGoDuration, parseRFC3339 } from '../../src/encoding/protobuf-scalars.js';
import { ProtoReader, ProtoWriter, WIRE_LEN } from '../../src/encoding/protobuf-wire.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => [...new TextEncoder().encode(s)];

describe('wire', () => {
  it('round-trips varints at the 32- and 64-bit edges', () => {
    const values = [0, 1, 127, 128, 300, 2 ** 31 - 1, 2 ** 32, 2 ** 53 - 1, -1, -(2 ** 31), -(2 ** 53 - 1)];
    const w = new ProtoWriter(1);
    for (const v of values) w.int64(v);
    w.int64(-(2n ** 63n)).int64(2n ** 63n - 1n);
    const r = new ProtoReader(w.finish());
    for (const v of values) assert.equal(r.int64(), v);
    assert.equal(r.int64Big(), -(2n ** 63n));
    assert.equal(r.int64Big(), 2n ** 63n - 1n);
    assert.ok(r.eof());
    assert.equal(hex(new ProtoWriter().int32(-2).finish()), 'feffffffffffffffff01');
    assert.equal(new ProtoReader(new ProtoWriter().int32(-2).finish()).int32(), -2);
  });

  it('widens a forked length prefix past 127 bytes and grows its buffer', () => {
    const long = 'é'.repeat(200); // 400 UTF-8 bytes
    const w = new ProtoWriter(4);
    w.tag(1, WIRE_LEN).fork();
    w.tag(2, WIRE_LEN).string(long);
    w.join();
    const out = w.finish();
    assert.equal(hex(out.subarray(0, 6)), '0a9303129003'); // 403 and 400 as varints
    const outer = new ProtoReader(out);
    assert.deepEqual(outer.tag(), [1, WIRE_LEN]);
    const inner = new ProtoReader(outer.bytes());
    assert.deepEqual(inner.tag(), [2, WIRE_LEN]);
    assert.equal(inner.string(), long);
  });
});

describe('Go duration and time text', () => {
  it('formats durations like time.Duration.String', () => {
    const cases: [bigint, string][] = [
      [0n, '0s'],
      [1n, '1ns'],
      [1100n, '1.1µs'],
      [2_200_000n, '2.2ms'],
      [3_300_000_000n, '3.3s'],
      [245_000_000_000n, '4m5s'],
      [245_001_000_000n, '4m5.001s'],
      [18_367_001_000_000n, '5h6m7.001s'],
      [480_000_000_001n, '8m0.000000001s'],
      [3_600_000_000_000n, '1h0m0s'],
      [-1n, '-1ns'],
      [2n ** 63n - 1n, '2562047h47m16.854775807s'],
      [-(2n ** 63n), '-2562047h47m16.854775808s'],
    ];
    for (const [ns, s] of cases) assert.equal(formatGoDuration(ns), s);
  });

  it('parses durations like time.ParseDuration', () => {
    const cases: [string, bigint][] = [
      ['0', 0n],
      ['5s', 5_000_000_000n],
      ['-5s', -5_000_000_000n],
      ['+5s', 5_000_000_000n],
      ['1.5h', 5_400_000_000_000n],
      ['1h15m30.918273645s', 4_530_918_273_645n],
      ['100us', 100_000n],
      ['100µs', 100_000n],
      ['100μs', 100_000n],
      ['.5s', 500_000_000n],
      ['1.004s', 1_004_000_000n],
      ['9223372036854775807ns', 2n ** 63n - 1n],
      ['-9223372036854775808ns', -(2n ** 63n)],
      ['0.100000000000000000000h', 360_000_000_000n],
    ];
    for (const [s, ns] of cases) assert.equal(parseGoDuration(s), ns, s);
    assert.throws(() => parseGoDuration(''), { message: 'time: invalid duration ""' });
    assert.throws(() => parseGoDuration('3'), { message: 'time: missing unit in duration "3"' });
    assert.throws(() => parseGoDuration('3x'), { message: 'time: unknown unit "x" in duration "3x"' });
    assert.throws(() => parseGoDuration('9223372036854775808ns'), { message: 'time: invalid duration "9223372036854775808ns"' });
    assert.throws(() => parseGoDuration('.s'), { message: 'time: invalid duration ".s"' });
  });

  it('formats and parses RFC 3339 timestamps', () => {
    assert.equal(formatTime(1704164645), '2024-01-02T03:04:05Z');
    assert.equal(formatTime(-62135596800), '0001-01-01T00:00:00Z');
    assert.equal(formatMicroTime(1704164645, 123456789), '2024-01-02T03:04:05.123456Z');
    assert.deepEqual(parseRFC3339('2024-01-02T05:04:05.5+02:00'), { seconds: 1704164645, nanos: 500_000_000 });
    assert.deepEqual(parseRFC3339('0001-01-01T00:00:00Z'), { seconds: -62135596800, nanos: 0 });
    assert.throws(() => parseRFC3339('2024-02-30T00:00:00Z'));
    assert.throws(() => parseRFC3339('yesterday'));
  });
});

describe('envelope', () => {
  it('writes the k8s\\0 prefix and runtime.Unknown with empty strings included', () => {
    const env = encodeEnvelope('v1', 'ConfigMap', Uint8Array.of(0x0a, 0x00));
    assert.equal(
      hex(env),
      hex(Uint8Array.from([0x6b, 0x38, 0x73, 0x00, 0x0a, 0x0f, 0x0a, 0x02, ...ascii('v1'), 0x12, 0x09, ...ascii('ConfigMap'), 0x12, 0x02, 0x0a, 0x00, 0x1a, 0x00, 0x22, 0x00])),
    );
    const back = decodeEnvelope(env);
    assert.equal(back.apiVersion, 'v1');
    assert.equal(back.kind, 'ConfigMap');
    assert.equal(hex(back.raw), '0a00');
    assert.equal(back.contentEncoding, '');
    assert.equal(back.contentType, '');
  });

  it('rejects data that is not an envelope with upstream messages', () => {
    assert.throws(() => decodeEnvelope(new Uint8Array(0)), { message: 'empty data' });
    assert.throws(() => decodeEnvelope(new TextEncoder().encode('{"kind":"Pod"}')), {
      message: 'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]',
    });
    assert.throws(() => decodeEnvelope(Uint8Array.of(0x6b, 0x38, 0x73, 0x00)), { message: 'empty body' });
    assert.throws(() => decodeEnvelope(Uint8Array.of(0x6b, 0x38, 0x73, 0x00, 0x0a, 0x05, 0x0a)), { message: 'unexpected EOF' });
  });
});

describe('watch framing', () => {
  it('frames each WatchEvent with a 4-byte big-endian length', () => {
    const env = encodeEnvelope('v1', 'ConfigMap', Uint8Array.of(0x0a, 0x00));
    assert.equal(env.length, 29);
    const frame = encodeWatchEventProto('ADDED', env);
    const expected = Uint8Array.from([0x00, 0x00, 0x00, 0x28, 0x0a, 0x05, ...ascii('ADDED'), 0x12, 0x1f, 0x0a, 0x1d, ...env]);
    assert.equal(hex(frame), hex(expected));

    const second = encodeWatchEventProto('DELETED', env);
    const stream = Uint8Array.from([...frame, ...second, 0x00, 0x00]);
    const { frames, rest } = splitProtoFrames(stream);
    assert.equal(frames.length, 2);
    assert.equal(rest.length, 2);
    const ev = decodeWatchEventMessage(frames[1]!);
    assert.equal(ev.type, 'DELETED');
    assert.equal(decodeEnvelope(ev.object).kind, 'ConfigMap');
  });
});
