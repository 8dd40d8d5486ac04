// The protobuf wire format, just enough of it for etcd's v3 API: varints, length-delimited
// fields and skipping of unknown fields. Integers are JS numbers; etcd's int64 revisions,
// counts and ids stay far below 2^53, except watch_id -1 (decoded as a signed int64).

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

/** Builds one message. Nested messages are written through a child writer. */
export class ProtoWriter {
  private buf: Buffer;
  private pos = 0;

  constructor(initialSize = 64) {
    this.buf = Buffer.allocUnsafe(initialSize);
  }

  /** A non-negative integer field (int64/uint64/enum). Zero is the default and is omitted unless `always` (a oneof member). */
  uint(field: number, value: number, always = false): this {
    if (value === 0 && !always) return this;
    if (value < 0 || !Number.isSafeInteger(value)) throw new RangeError(`protowire: cannot encode ${value}`);
    this.tag(field, WIRE_VARINT);
    this.varint(value);
    return this;
  }

  bool(field: number, value: boolean | undefined): this {
    if (!value) return this;
    this.tag(field, WIRE_VARINT);
    this.varint(1);
    return this;
  }

  /** A bytes/string field. Written even when empty if `always` is set (an empty value must reach etcd as such). */
  bytes(field: number, value: Buffer | undefined, always = false): this {
    if (value === undefined || (value.length === 0 && !always)) return this;
    this.tag(field, WIRE_LEN);
    this.varint(value.length);
    this.ensure(value.length);
    value.copy(this.buf, this.pos);
    this.pos += value.length;
    return this;
  }

  /** An embedded message field; written even when empty (its presence selects a oneof case). */
  message(field: number, build: (w: ProtoWriter) => void): this {
    const child = new ProtoWriter();
    build(child);
    return this.bytes(field, child.finish(), true);
  }

  finish(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  private tag(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }

  private varint(value: number): void {
    this.ensure(10);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.pos++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.pos++] = v;
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }
}

/** Walks the fields of one message: `while (r.next()) switch (r.field) { ... default: r.skip() }`. */
export class ProtoReader {
  private pos = 0;
  field = 0;
  private wire = 0;

  constructor(private readonly buf: Buffer) {}

  next(): boolean {
    if (this.pos >= this.buf.length) return false;
    const key = this.readVarint();
    this.field = Math.floor(key / 8);
    this.wire = key % 8;
    return true;
  }

  /** A varint field as a signed 64-bit integer (int64, uint64 below 2^63, enum, bool). */
  int(): number {
    this.expect(WIRE_VARINT);
    return this.readVarint();
  }

  bool(): boolean {
    return this.int() !== 0;
  }

  /** A length-delimited field: a view into the message buffer (not a copy). */
  bytes(): Buffer {
    this.expect(WIRE_LEN);
    const len = this.readVarint();
    const end = this.pos + len;
    if (end > this.buf.length) throw new Error('protowire: truncated message');
    const out = this.buf.subarray(this.pos, end);
    this.pos = end;
    return out;
  }

  string(): string {
    return this.bytes().toString('utf8');
  }

  /** A packed or unpacked repeated varint field, appended to out. */
  ints(out: number[]): void {
    if (this.wire === WIRE_LEN) {
      const inner = new ProtoReader(this.bytes());
      while (inner.pos < inner.buf.length) out.push(inner.readVarint());
    } else {
      out.push(this.int());
    }
  }

  skip(): void {
    switch (this.wire) {
      case WIRE_VARINT:
        this.readVarint();
        break;
      case WIRE_I64:
        this.pos += 8;
        break;
      case WIRE_LEN:
        this.bytes();
        break;
      case WIRE_I32:
        this.pos += 4;
        break;
      default:
        throw new Error(`protowire: unsupported wire type ${this.wire}`);
    }
    if (this.pos > this.buf.length) throw new Error('protowire: truncated message');
  }

  private expect(wire: number): void {
    if (this.wire !== wire) throw new Error(`protowire: field ${this.field} has wire type ${this.wire}, expected ${wire}`);
  }

  private readVarint(): number {
    const buf = this.buf;
    const start = this.pos;
    let result = 0;
    for (let i = 0; i < 7; i++) {
      if (this.pos >= buf.length) throw new Error('protowire: truncated varint');
      const b = buf[this.pos++]!;
      result += (b & 0x7f) * 2 ** (7 * i);
      if (b < 0x80) return result;
    }
    // Beyond 49 bits: only negative int64s (watch_id -1) and huge uint64s get here.
    this.pos = start;
    let big = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= buf.length) throw new Error('protowire: truncated varint');
      const b = buf[this.pos++]!;
      big |= BigInt(b & 0x7f) << BigInt(7 * i);
      if (b < 0x80) return Number(BigInt.asIntN(64, big));
    }
    throw new Error('protowire: varint too long');
  }
}
