// etcd's v3 messages read and written field by field, over the project's one protobuf wire
// codec (encoding/protobuf-wire). Integers are JS numbers; etcd's int64 revisions, counts
// and ids stay far below 2^53, except watch_id -1 (decoded as a signed int64).
import { ProtoReader as WireReader, ProtoWriter as WireWriter, WIRE_LEN, WIRE_VARINT } from '../../encoding/protobuf-wire.js';

const asBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** Builds one message. Nested messages are written in place through `message`. */
export class ProtoWriter {
  private readonly w: WireWriter;

  constructor(initialSize = 64) {
    this.w = new WireWriter(initialSize);
  }

  /** A non-negative integer field (int64/uint64/enum). Zero is the default and is omitted unless `always` (a oneof member). */
  uint(field: number, value: number, always = false): this {
    if (value === 0 && !always) return this;
    if (value < 0 || !Number.isSafeInteger(value)) throw new RangeError(`protowire: cannot encode ${value}`);
    this.w.tag(field, WIRE_VARINT).int64(value);
    return this;
  }

  bool(field: number, value: boolean | undefined): this {
    if (value) this.w.tag(field, WIRE_VARINT).bool(true);
    return this;
  }

  /** A bytes/string field. Written even when empty if `always` is set (an empty value must reach etcd as such). */
  bytes(field: number, value: Buffer | undefined, always = false): this {
    if (value === undefined || (value.length === 0 && !always)) return this;
    this.w.tag(field, WIRE_LEN).bytes(value);
    return this;
  }

  /** An embedded message field; written even when empty (its presence selects a oneof case). */
  message(field: number, build: (w: this) => void): this {
    this.w.tag(field, WIRE_LEN).fork();
    build(this);
    this.w.join();
    return this;
  }

  finish(): Buffer {
    return asBuffer(this.w.finish());
  }
}

/** Walks the fields of one message: `while (r.next()) switch (r.field) { ... default: r.skip() }`. */
export class ProtoReader {
  field = 0;
  private wire = 0;
  private readonly r: WireReader;

  constructor(buf: Buffer) {
    this.r = new WireReader(buf);
  }

  next(): boolean {
    if (this.r.eof()) return false;
    [this.field, this.wire] = this.r.tag();
    return true;
  }

  /** A varint field as a signed 64-bit integer (int64, uint64 below 2^63, enum, bool). */
  int(): number {
    this.expect(WIRE_VARINT);
    return this.r.int64();
  }

  bool(): boolean {
    return this.int() !== 0;
  }

  /** A length-delimited field: a view into the message buffer (not a copy). */
  bytes(): Buffer {
    this.expect(WIRE_LEN);
    return asBuffer(this.r.bytes());
  }

  string(): string {
    return this.bytes().toString('utf8');
  }

  /** A packed or unpacked repeated varint field, appended to out. */
  ints(out: number[]): void {
    if (this.wire !== WIRE_LEN) {
      out.push(this.int());
      return;
    }
    const inner = new WireReader(this.r.bytes());
    while (!inner.eof()) out.push(inner.int64());
  }

  skip(): void {
    this.r.skip(this.wire, this.field);
  }

  private expect(wire: number): void {
    if (this.wire !== wire) throw new Error(`protowire: field ${this.field} has wire type ${this.wire}, expected ${wire}`);
  }
}
