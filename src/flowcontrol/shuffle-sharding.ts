// Shuffle sharding: a hash value deals a hand of distinct queue indices from a deck,
// with upstream's algorithm (k8s.io/apiserver/pkg/util/shufflesharding/shufflesharding.go),
// so that the same flow lands on the same hand as on kube-apiserver.

export const MAX_HASH_BITS = 60;

export function requiredEntropyBits(deckSize: number, handSize: number): number {
  return Math.ceil(Math.log2(deckSize) * handSize);
}

export class Dealer {
  private constructor(
    readonly deckSize: number,
    readonly handSize: number,
  ) {}

  /** Validates as upstream's NewDealer, with its messages. */
  static create(deckSize: number, handSize: number): Dealer {
    if (deckSize <= 0 || handSize <= 0) throw new Error(`deckSize ${deckSize} or handSize ${handSize} is not positive`);
    if (handSize > deckSize) throw new Error(`handSize ${handSize} is greater than deckSize ${deckSize}`);
    if (deckSize > 1 << 26) throw new Error(`deckSize ${deckSize} is impractically large`);
    if (requiredEntropyBits(deckSize, handSize) > MAX_HASH_BITS) {
      throw new Error(`required entropy bits of deckSize ${deckSize} and handSize ${handSize} is greater than ${MAX_HASH_BITS}`);
    }
    return new Dealer(deckSize, handSize);
  }

  /**
   * The hash is read as a mixed-radix number (radices deckSize, deckSize-1, ...); each digit
   * picks among the cards not dealt yet.
   */
  deal(hashValue: bigint): number[] {
    const remainders: number[] = [];
    let h = BigInt.asUintN(64, hashValue);
    for (let i = 0; i < this.handSize; i++) {
      const radix = BigInt(this.deckSize - i);
      const next = h / radix;
      remainders.push(Number(h - radix * next));
      h = next;
    }
    const hand: number[] = [];
    for (let i = 0; i < this.handSize; i++) {
      let card = remainders[i]!;
      for (let j = i; j > 0; j--) if (card >= remainders[j - 1]!) card++;
      hand.push(card);
    }
    return hand;
  }
}
