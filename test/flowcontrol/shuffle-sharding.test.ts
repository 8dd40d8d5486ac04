// Cases from upstream k8s.io/apiserver/pkg/util/shufflesharding/shufflesharding_test.go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dealer, requiredEntropyBits } from '../../src/flowcontrol/shuffle-sharding.js';

test('requiredEntropyBits (TestRequiredEntropyBits)', () => {
  assert.equal(requiredEntropyBits(1024, 6), 60);
  assert.equal(requiredEntropyBits(512, 8), 72);
});

test('NewDealer rejects bad configurations with upstream messages (TestNewDealer)', () => {
  assert.throws(() => Dealer.create(-100, 8), { message: 'deckSize -100 or handSize 8 is not positive' });
  assert.throws(() => Dealer.create(100, 0), { message: 'deckSize 100 or handSize 0 is not positive' });
  assert.throws(() => Dealer.create(100, 101), { message: 'handSize 101 is greater than deckSize 100' });
  assert.throws(() => Dealer.create(1 << 27, 2), { message: 'deckSize 134217728 is impractically large' });
  assert.throws(() => Dealer.create(512, 8), { message: 'required entropy bits of deckSize 512 and handSize 8 is greater than 60' });
  assert.doesNotThrow(() => Dealer.create(1024, 6));
});

test('hands hold handSize distinct cards within the deck (TestCardDuplication, TestDealIntoHand)', () => {
  for (const [deck, hand] of [[4, 4], [8, 8], [10, 10], [12, 12], [128, 8], [256, 7], [512, 6]] as const) {
    const d = Dealer.create(deck, hand);
    for (let i = 0; i < 200; i++) {
      const h = BigInt.asUintN(64, BigInt(Math.floor(Math.random() * 2 ** 32)) * 4294967296n + BigInt(Math.floor(Math.random() * 2 ** 32)));
      const cards = d.deal(h);
      assert.equal(cards.length, hand);
      assert.equal(new Set(cards).size, hand);
      for (const c of cards) assert.ok(c >= 0 && c < deck);
    }
  }
});

test('the hash is a mixed-radix number: consecutive hashes deal every ordered hand exactly once (TestUniformDistribution)', () => {
  for (const [deck, hand] of [[4, 2], [6, 3], [8, 3], [5, 5]] as const) {
    const d = Dealer.create(deck, hand);
    let ff = 1;
    for (let i = 0; i < hand; i++) ff *= deck - i;
    const seen = new Set<string>();
    for (let h = 0; h < ff; h++) seen.add(d.deal(BigInt(h)).join(','));
    assert.equal(seen.size, ff, `deck ${deck} hand ${hand}`);
    // and the next period repeats the first
    assert.deepEqual(d.deal(BigInt(ff)), d.deal(0n));
  }
});

test('worked examples of the deal', () => {
  const d = Dealer.create(8, 3);
  // remainders [0,0,0]: 0, then 0 bumped past 0, then 0 bumped past both.
  assert.deepEqual(d.deal(0n), [0, 1, 2]);
  // 7 = 7 mod 8; then 0, 0
  assert.deepEqual(d.deal(7n), [7, 0, 1]);
  // 8 + 1 = remainders [0, 1, 0] -> 0, 2, 1
  assert.deepEqual(d.deal(8n), [0, 2, 1]);
  // the full 64-bit range is used
  assert.deepEqual(Dealer.create(128, 6).deal(0xffffffffffffffffn).length, 6);
});
