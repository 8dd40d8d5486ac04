import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, FieldSet, fieldPE, keyPE, merge, normalize, pathString, reconcileFieldSet, removeItems, toFieldSet, valuePE } from '../../src/apply/index.js';
import { list, map, object, string, int32 } from '../../src/types/schema.js';

const Item = object('Item', { name: string(), v: string() });
const S = object('S', {
  items: list(Item, { listType: 'map', listMapKeys: ['name'] }),
  tags: list(string(), { listType: 'set' }),
  plain: list(string()),
  m: map(string()),
  inner: object('Inner', { a: string(), b: int32() }),
  atomic: object('Atomic', { x: string() }, { mapType: 'atomic' }),
});

const names = (v: unknown) => (v as { name: string }[]).map((i) => i.name);

test('merge of list maps keeps the live order and places new items where the config puts them', () => {
  const live = { items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] };
  assert.deepEqual(names((merge(live, { items: [{ name: 'x' }, { name: 'b' }] }, S) as { items: unknown }).items), ['a', 'x', 'b', 'c']);
  assert.deepEqual(names((merge(live, { items: [{ name: 'c' }, { name: 'a' }] }, S) as { items: unknown }).items), ['b', 'c', 'a']);
  // Live-only items are taken before config-only ones once the shared items are placed.
  assert.deepEqual(names((merge(live, { items: [{ name: 'b' }, { name: 'y' }] }, S) as { items: unknown }).items), ['a', 'b', 'c', 'y']);
  // Items merge field by field; leaves take the config's value.
  assert.deepEqual(merge({ items: [{ name: 'a', v: '1' }] }, { items: [{ name: 'a', v: '2' }] }, S), { items: [{ name: 'a', v: '2' }] });
  // Sets union (a new value the config puts before a shared one goes before it); atomic lists and structs are replaced.
  assert.deepEqual(merge({ tags: ['x'], plain: ['p'], atomic: { x: 'old' } }, { tags: ['y', 'x'], plain: ['q'], atomic: {} }, S), { tags: ['y', 'x'], plain: ['q'], atomic: {} });
});

test('field sets: struct fields with values are not members, map entries and list items are', () => {
  const s = toFieldSet({ inner: { a: 'x' }, m: { k: 'v' }, items: [{ name: 'a' }], tags: ['t'], plain: [], atomic: { x: '1' }, empty: {} }, S);
  assert.deepEqual(s.paths().map(pathString), ['.atomic', '.empty', '.plain', '.inner.a', '.items[name="a"]', '.items[name="a"].name', '.m.k', '.tags[="t"]']);
});

test('compare reports added subtrees node by node, and leaves as modified', () => {
  const c = compare({ inner: { a: 'x' }, items: [{ name: 'a', v: '1' }] }, { inner: { a: 'y', b: 1 }, items: [{ name: 'a', v: '1' }, { name: 'b' }], m: { k: 'v' } }, S);
  assert.deepEqual(c.added.paths().map(pathString), ['.m', '.inner.b', '.items[name="b"]', '.items[name="b"].name', '.m.k']);
  assert.deepEqual(c.modified.paths().map(pathString), ['.inner.a']);
  assert.ok(c.removed.empty());
  const r = compare({ m: { k: 'v' }, tags: ['a', 'b'] }, { tags: ['b'] }, S);
  assert.deepEqual(r.removed.paths().map(pathString), ['.m', '.m.k', '.tags[="a"]']);
});

test('removing every item of a map or list leaves null, as upstream does before the typed round trip', () => {
  const v = { m: { k: 'v' }, tags: ['a'], inner: { a: 'x', b: 1 } };
  const out = removeItems(v, FieldSet.of([fieldPE('m'), fieldPE('k')], [fieldPE('tags'), valuePE('a')], [fieldPE('inner'), fieldPE('a')]), S);
  assert.deepEqual(out, { m: null, tags: null, inner: { b: 1 } });
  assert.deepEqual(removeItems({ items: [{ name: 'a' }, { name: 'b' }] }, FieldSet.of([fieldPE('items'), keyPE({ name: 'a' })]), S), { items: [{ name: 'b' }] });
});

test('normalize fills value structs and drops zero omitempty scalars', () => {
  const T = object('T', {
    s: object('Sub', { x: string() }),
    p: object('Ptr', { x: string() }).optional(),
    l: list(string()).keepEmpty(),
    n: int32(),
    q: int32().optional(),
  });
  assert.deepEqual(normalize({ n: 0, q: 0, p: null }, T), { s: {}, l: null, q: 0 });
  assert.deepEqual(normalize({ l: [], s: null }, T), { l: [], s: {} });
});

test('reconcile: ownership of parts of a now-atomic struct becomes ownership of the struct', () => {
  const set = FieldSet.of([fieldPE('atomic'), fieldPE('x')], [fieldPE('inner'), fieldPE('a')]);
  const r = reconcileFieldSet(set, S);
  assert.ok(r);
  assert.deepEqual(r.paths().map(pathString), ['.atomic', '.inner.a']);
  assert.equal(reconcileFieldSet(FieldSet.of([fieldPE('atomic')]), S), undefined);
});
