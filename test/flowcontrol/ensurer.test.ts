// The config producer's ensure strategy (upstream pkg/registry/flowcontrol/ensurer/strategy.go
// and strategy_test.go): mandatory specs are always restored; suggested ones follow the
// apf.kubernetes.io/autoupdate-spec annotation, or generation 1 without one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desiredUpdate, parseGoBool, specsEqual } from '../../src/flowcontrol/ensurer.js';
import { AUTO_UPDATE_ANNOTATION, MANDATORY_PRIORITY_LEVELS, SUGGESTED_PRIORITY_LEVELS } from '../../src/flowcontrol/bootstrap.js';
import type { Obj } from '../../src/types/kind.js';

const bootstrap = SUGGESTED_PRIORITY_LEVELS.find((p) => p.metadata.name === 'global-default')!;
function current(annotation: string | undefined, generation: number, shares: number): Obj {
  const o = structuredClone(bootstrap) as Obj;
  o.metadata = { name: 'global-default', generation, annotations: annotation === undefined ? {} : { [AUTO_UPDATE_ANNOTATION]: annotation } };
  (o.spec as any).limited.nominalConcurrencyShares = shares;
  return o;
}

test('mandatory: the spec is restored and the annotation set to true whatever it said', () => {
  const u = desiredUpdate(current('false', 3, 99), bootstrap, true)!;
  assert.equal((u.spec as any).limited.nominalConcurrencyShares, 20);
  assert.equal(u.metadata.annotations[AUTO_UPDATE_ANNOTATION], 'true');
  assert.equal(desiredUpdate(current('true', 3, 20), bootstrap, true), undefined, 'nothing to do');
});

test('suggested: follows the annotation', () => {
  assert.equal(desiredUpdate(current('false', 3, 99), bootstrap, false), undefined, 'operator opted out');
  assert.equal((desiredUpdate(current('true', 3, 99), bootstrap, false)!.spec as any).limited.nominalConcurrencyShares, 20);
  assert.equal(desiredUpdate(current('True', 3, 20), bootstrap, false), undefined, 'Go ParseBool accepts True');
});

test('suggested without a readable annotation: updated only while generation is 1, and the annotation is written', () => {
  const fresh = desiredUpdate(current(undefined, 1, 99), bootstrap, false)!;
  assert.equal((fresh.spec as any).limited.nominalConcurrencyShares, 20);
  assert.equal(fresh.metadata.annotations[AUTO_UPDATE_ANNOTATION], 'true');
  const edited = desiredUpdate(current('maybe', 2, 99), bootstrap, false)!;
  assert.equal((edited.spec as any).limited.nominalConcurrencyShares, 99, 'edited by an operator: kept');
  assert.equal(edited.metadata.annotations[AUTO_UPDATE_ANNOTATION], 'false');
});

test('spec comparison ignores what Go omits when empty', () => {
  assert.ok(specsEqual({ a: 1, clusterScope: false, namespaces: [] }, { a: 1 }));
  assert.ok(!specsEqual({ a: 1 }, { a: 2 }));
  assert.equal(parseGoBool('t'), true);
  assert.equal(parseGoBool('0'), false);
  assert.equal(parseGoBool('yes'), undefined);
});

test('mandatory exempt level: spec.exempt stays as users set it, the rest is restored', () => {
  const exempt = MANDATORY_PRIORITY_LEVELS.find((p) => p.metadata.name === 'exempt')!;
  const cur = structuredClone(exempt) as Obj;
  (cur.spec as any).exempt = { nominalConcurrencyShares: 10, lendablePercent: 50 };
  assert.equal(desiredUpdate(cur, exempt, true), undefined);
  (cur.spec as any).limited = { nominalConcurrencyShares: 1 };
  const u = desiredUpdate(cur, exempt, true)!;
  assert.deepEqual(u.spec, { type: 'Exempt', exempt: { nominalConcurrencyShares: 10, lendablePercent: 50 } });
});
