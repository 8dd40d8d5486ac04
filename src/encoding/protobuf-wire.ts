// Protobuf wire format: a reader and a writer for varints, fixed-width numbers and
// length-delimited fields, as gogo-generated Kubernetes code reads and writes them.

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LEN = 2;
export const WIRE_START_GROUP = 3;
export const WIRE_END_GROUP = 4;
export const WIRE_FIXED32 = 5;

/** A malformed protobuf message; messages follow gogo's generated Unmarshal errors. */
export class ProtoDecodeError extends Error {}

const utf8 = new TextDecoder('utf-8');
const TWO_32 = 4294967296;

export class ProtoReader {
  pos: number;
  readonly end: number;

  constructor(readonly buf: Uint8Array, start = 0, end = buf.length) {
    this.pos = start;
    this.end = end;
  }

  eof(): boolean {
    return this.pos >= this.end;
  }

  /** A varint as [low 32 bits, high 32 bits], both unsigned. */
  varint(): [number, number] {
    let lo = 0;
    let hi = 0;
    for (let shift = 0; ; shift += 7) {
      if (shift >= 70) throw new ProtoDecodeError('proto: integer overflow');
      if (this.pos >= this.end) throw new ProtoDecodeError('unexpected EOF');
      const b = this.buf[this.pos++]!;
      const bits = b & 0x7f;
      if (shift < 28) lo |= bits << shift;
      else if (shift === 28) {
        lo |= (bits & 0x0f) << 28;
        hi |= bits >>> 4;
      } else if (shift < 64) hi |= bits << (shift - 32);
      if (b < 0x80) break;
    }
    return [lo >>> 0, hi >>> 0];
  }

  /** A varint known to be a small non-negative number (tags, lengths). */
  length(): number {
    const [lo, hi] = this.varint();
    if (hi !== 0 || lo > 0x7fffffff) throw new ProtoDecodeError('proto: negative length found during unmarshaling');
    return lo;
  }

  /** Go int32(v): the low 32 bits, signed. */
  int32(): number {
    return this.varint()[0] | 0;
  }

  /** Go int64(v) as a JS number (exact within ±2^53). */
  int64(): number {
    const [lo, hi] = this.varint();
    return (hi | 0) * TWO_32 + lo;
  }

  int64Big(): bigint {
    const [lo, hi] = this.varint();
    return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
  }

  bool(): boolean {
    const [lo, hi] = this.varint();
    return lo !== 0 || hi !== 0;
  }

  double(): number {
    if (this.pos + 8 > this.end) throw new ProtoDecodeError('unexpected EOF');
    const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).getFloat64(0, true);
    this.pos += 8;
    return v;
  }

  /** A length-delimited payload, as a view into the buffer. */
  bytes(): Uint8Array {
    const n = this.length();
    const start = this.pos;
    if (start + n > this.end) throw new ProtoDecodeError('unexpected EOF');
    this.pos = start + n;
    return this.buf.subarray(start, start + n);
  }

  string(): string {
    return utf8.decode(this.bytes());
  }

  /** Field number and wire type of the next field. */
  tag(): [number, number] {
    const [lo, hi] = this.varint();
    if (hi !== 0) throw new ProtoDecodeError('proto: integer overflow');
    const fieldNo = lo >>> 3;
    const wireType = lo & 7;
    if (wireType === WIRE_END_GROUP) throw new ProtoDecodeError('proto: wiretype end group for non-group');
    if (fieldNo <= 0) throw new ProtoDecodeError(`proto: illegal tag ${fieldNo} (wire type ${wireType})`);
    return [fieldNo, wireType];
  }

  /** Skip one field's value of the given wire type (unknown fields). */
  skip(wireType: number, fieldNo = 0): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_FIXED64:
        this.advance(8);
        return;
      case WIRE_LEN:
        this.bytes();
        return;
      case WIRE_FIXED32:
        this.advance(4);
        return;
      case WIRE_START_GROUP:
        for (;;) {
          const [lo, hi] = this.varint();
          if (hi !== 0) throw new ProtoDecodeError('proto: integer overflow');
          const wt = lo & 7;
          if (wt === WIRE_END_GROUP) {
            if (fieldNo !== 0 && lo >>> 3 !== fieldNo) throw new ProtoDecodeError('proto: illegal end group');
            return;
          }
          this.skip(wt, lo >>> 3);
        }
      default:
        throw new ProtoDecodeError(`proto: illegal wireType ${wireType}`);
    }
  }

  private advance(n: number): void {
    if (this.pos + n > this.end) throw new ProtoDecodeError('unexpected EOF');
    this.pos += n;
  }
}

const utf8Encoder = new TextEncoder();

/** An append-only writer; fork()/join() wrap what is written in between as a length-delimited field. */
export class ProtoWriter {
  private buf: Uint8Array;
  private pos = 0;
  private readonly forks: number[] = [];

  constructor(initialSize = 256) {
    this.buf = new Uint8Array(initialSize);
  }

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  tag(fieldNo: number, wireType: number): this {
    return this.uint32(((fieldNo << 3) | wireType) >>> 0);
  }

  /** An unsigned varint below 2^32. */
  uint32(n: number): this {
    this.ensure(5);
    while (n > 0x7f) {
      this.buf[this.pos++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.pos++] = n;
    return this;
  }

  /** Go uint64(v) of a signed 64-bit value given as [lo, hi] 32-bit halves. */
  private varint64(lo: number, hi: number): this {
    this.ensure(10);
    while (hi !== 0 || lo > 0x7f) {
      this.buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.buf[this.pos++] = lo;
    return this;
  }

  /** A signed 32-bit value; negatives take ten bytes (sign-extended to 64 bits). */
  int32(n: number): this {
    const v = n | 0;
    if (v >= 0) return this.uint32(v);
    return this.varint64(v >>> 0, 0xffffffff);
  }

  /** A signed 64-bit value (a safe-integer number or a bigint). */
  int64(n: number | bigint): this {
    if (typeof n === 'number' && n >= 0 && n <= 0xffffffff && Number.isInteger(n)) return this.uint32(n);
    const big = BigInt.asUintN(64, typeof n === 'bigint' ? n : BigInt(Math.trunc(n)));
    return this.varint64(Number(big & 0xffffffffn), Number(big >> 32n));
  }

  bool(b: boolean): this {
    this.ensure(1);
    this.buf[this.pos++] = b ? 1 : 0;
    return this;
  }

  double(n: number): this {
    this.ensure(8);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).setFloat64(0, n, true);
    this.pos += 8;
    return this;
  }

  /** Length-prefixed bytes. */
  bytes(b: Uint8Array): this {
    this.uint32(b.length);
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
    return this;
  }

  /** Length-prefixed UTF-8 string. */
  string(s: string): this {
    if (s.length === 0) return this.uint32(0);
    // Reserve one length byte, encode, then widen the prefix if the string is long.
    this.ensure(1 + s.length * 3);
    const start = this.pos + 1;
    const { written } = utf8Encoder.encodeInto(s, this.buf.subarray(start));
    this.pos = start + written;
    this.placeLength(start - 1, written);
    return this;
  }

  /** Raw bytes without a length prefix. */
  raw(b: Uint8Array): this {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
    return this;
  }

  /** Start a length-delimited payload (one byte is reserved for its length). */
  fork(): this {
    this.ensure(1);
    this.forks.push(this.pos);
    this.pos += 1;
    return this;
  }

  /** Finish the innermost fork, writing its length in front of its payload. */
  join(): this {
    const at = this.forks.pop();
    if (at === undefined) throw new Error('ProtoWriter.join without fork');
    this.placeLength(at, this.pos - at - 1);
    return this;
  }

  /**
   * Write the varint `len` at `at`, where one byte was reserved; the `len` payload bytes
   * follow it and end at the current position.
   */
  private placeLength(at: number, len: number): void {
    const size = varintSize(len);
    const payloadStart = at + 1;
    if (size > 1) {
      this.ensure(size - 1);
      this.buf.copyWithin(at + size, payloadStart, payloadStart + len);
    }
    let p = at;
    let n = len;
    while (n > 0x7f) {
      this.buf[p++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[p] = n;
    this.pos = at + size + len;
  }

  finish(): Uint8Array {
    if (this.forks.length) throw new Error('ProtoWriter.finish with an open fork');
    return this.buf.slice(0, this.pos);
  }
}

export function varintSize(n: number): number {
  let size = 1;
  while (n > 0x7f) {
    n >>>= 7;
    size++;
  }
  return size;
}
