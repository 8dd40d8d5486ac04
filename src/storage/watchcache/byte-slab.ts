// Bytes kept for a while, packed into shared slabs in the order they are kept.
//
// The watch history keeps a deleted object's last state until it ages out. Those states
// were allocated one by one when the objects were written, among buffers freed since, and
// malloc cannot give back a page that still holds one of them: after deleting 20,000
// ConfigMaps ~40 MiB of free chunks stayed resident between them. Copied into slabs as
// they are deleted, they leave their old pages wholly free; a slab is freed once history
// has dropped every state in it, and history ages in the order it was written.

/** Large enough that a slab is its own mapping, small enough that a half-used one costs little. */
const SLAB_BYTES = 1 << 20;

export class ByteSlab {
  private slab: Buffer | undefined;
  private used = 0;

  constructor(private readonly slabBytes = SLAB_BYTES) {}

  /** A copy of b in the current slab (bytes larger than a quarter slab get their own buffer). */
  copy(b: Buffer): Buffer {
    if (b.length * 4 > this.slabBytes) return Buffer.from(b);
    if (!this.slab || this.used + b.length > this.slabBytes) {
      this.slab = Buffer.allocUnsafeSlow(this.slabBytes);
      this.used = 0;
    }
    b.copy(this.slab, this.used);
    const view = this.slab.subarray(this.used, this.used + b.length);
    this.used += b.length;
    return view;
  }
}
