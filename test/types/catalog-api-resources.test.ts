// The whole catalog against upstream v1.34's discovery: `kubectl api-resources -o wide`
// of a default kube-apiserver v1.34 (the fixture, written from upstream facts), every
// subresource and its verbs, and what --runtime-config=api/all=true adds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtinCatalog, Catalog } from '../../src/types/catalog.js';
import type { KindDef } from '../../src/types/kind.js';
import { defaultServedKinds, gatedKinds } from '../../src/types/kinds/index.js';

// dist/test/types/ → repo root → test/types/
const FIXTURE = fileURLToPath(new URL('../../../test/types/api-resources-v1.34.txt', import.meta.url));

const gvr = (k: KindDef, v: string) => `${k.group}/${v}/${k.plural}`;

/** The built-in catalog plus this folder's kinds it does not hold yet (a no-op once wired). */
function kindsServedByDefault(): KindDef[] {
  const builtin = builtinCatalog().kinds;
  const have = new Set(builtin.flatMap((k) => k.versions.map((v) => gvr(k, v))));
  return [...builtin, ...defaultServedKinds.filter((k) => !k.versions.some((v) => have.has(gvr(k, v))))];
}

interface Row {
  name: string;
  shortNames: string;
  apiVersion: string;
  namespaced: string;
  kind: string;
  verbs: string;
  categories: string;
}

/** What kubectl's ServerPreferredResources keeps: per group, each resource from its most preferred version. */
function apiResources(catalog: Catalog): Row[] {
  const rows: (Row & { group: string })[] = [];
  for (const g of catalog.groups) {
    const seen = new Set<string>();
    for (const version of g.versions) {
      for (const { def } of catalog.resources(g.name, version) ?? []) {
        if (seen.has(def.plural) || def.verbs.length === 0) continue;
        seen.add(def.plural);
        rows.push({
          group: g.name,
          name: def.plural,
          shortNames: (def.shortNames ?? []).join(','),
          apiVersion: g.name ? `${g.name}/${version}` : version,
          namespaced: String(def.namespaced),
          kind: def.kind,
          verbs: def.verbs.join(","),
          categories: (def.categories ?? []).join(','),
        });
      }
    }
  }
  // kubectl sorts by group, then by name.
  rows.sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return rows.map(({ group: _group, ...r }) => r);
}

const COLUMNS = ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'] as const;
const FIELDS: (keyof Row)[] = ['name', 'shortNames', 'apiVersion', 'namespaced', 'kind', 'verbs', 'categories'];

/** kubectl's tabwriter layout (minwidth 6, padding 3); a row with no categories keeps the padding. */
function render(rows: Row[]): string {
  const cells = [[...COLUMNS] as string[], ...rows.map((r) => FIELDS.map((f) => r[f]))];
  const widths = COLUMNS.slice(0, -1).map((_, i) => Math.max(6, ...cells.map((c) => c[i]!.length + 3)));
  return cells.map((c) => c.map((v, i) => (i < widths.length ? v.padEnd(widths[i]!) : v)).join('')).join('\n') + '\n';
}

/** Parse a table by the column starts of its header. */
function parse(text: string): Row[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const header = lines[0]!;
  const starts = COLUMNS.map((c) => header.indexOf(c));
  assert.ok(starts.every((s, i) => s >= 0 && (i === 0 || s > starts[i - 1]!)), `header columns: ${header}`);
  return lines.slice(1).map((l) => {
    const r = {} as Row;
    FIELDS.forEach((f, i) => (r[f] = l.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined).trim()));
    return r;
  });
}

const key = (r: Row) => `${r.apiVersion} ${r.name}`;

test('api-resources -o wide of the default catalog equals kube-apiserver v1.34', () => {
  const fixture = readFileSync(FIXTURE, 'utf8');
  const expected = parse(fixture);
  assert.equal(expected.length, 65, 'fixture rows');
  const actual = apiResources(new Catalog(kindsServedByDefault()));
  const want = new Map(expected.map((r) => [key(r), r]));
  const got = new Map(actual.map((r) => [key(r), r]));
  const missing = [...want.keys()].filter((k) => !got.has(k));
  const extra = [...got.keys()].filter((k) => !want.has(k));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, 'resources served by default');
  const differing = [...want].filter(([k, r]) => JSON.stringify(got.get(k)) !== JSON.stringify(r)).map(([k, r]) => ({ resource: k, upstream: r, ours: got.get(k) }));
  assert.deepEqual(differing, [], 'rows that differ');
  // Same layout too: what kubectl would print.
  assert.equal(render(actual), fixture);
});

test('gated kinds are declared alpha or beta, off by default, and never in the default catalog', () => {
  const defaults = new Set(kindsServedByDefault().flatMap((k) => k.versions.map((v) => gvr(k, v))));
  assert.ok(gatedKinds.length > 10, 'gated kinds declared');
  for (const k of gatedKinds) {
    assert.equal(k.servedByDefault, false, `${k.group}/${k.kind}`);
    assert.equal(k.versions.length, 1, `${k.group}/${k.kind}: one version per gated declaration`);
    const v = k.versions[0]!;
    assert.equal(k.stability, v.includes('alpha') ? 'alpha' : 'beta', `${k.group}/${v}/${k.kind} stability`);
    assert.ok(!defaults.has(gvr(k, v)), `${gvr(k, v)} must not be served by default`);
  }
});

/**
 * Every resource kube-apiserver v1.34 serves with --runtime-config=api/all=true: scope,
 * discovery verbs and subresources with their verbs (from the v1.34.0 OpenAPI's paths,
 * watch added where discovery lists it).
 */
const UPSTREAM_ALL = `
/v1 bindings ns create
/v1 componentstatuses cluster get,list
/v1 configmaps ns *
/v1 endpoints ns *
/v1 events ns *
/v1 limitranges ns *
/v1 namespaces cluster create,delete,get,list,patch,update,watch finalize=update status=get,patch,update
/v1 nodes cluster * proxy=create,delete,get,patch,update status=get,patch,update
/v1 persistentvolumeclaims ns * status=get,patch,update
/v1 persistentvolumes cluster * status=get,patch,update
/v1 pods ns * attach=create,get binding=create ephemeralcontainers=get,patch,update eviction=create exec=create,get log=get portforward=create,get proxy=create,delete,get,patch,update resize=get,patch,update status=get,patch,update
/v1 podtemplates ns *
/v1 replicationcontrollers ns * scale=get,patch,update status=get,patch,update
/v1 resourcequotas ns * status=get,patch,update
/v1 secrets ns *
/v1 serviceaccounts ns * token=create
/v1 services ns * proxy=create,delete,get,patch,update status=get,patch,update
admissionregistration.k8s.io/v1 mutatingwebhookconfigurations cluster *
admissionregistration.k8s.io/v1 validatingadmissionpolicies cluster * status=get,patch,update
admissionregistration.k8s.io/v1 validatingadmissionpolicybindings cluster *
admissionregistration.k8s.io/v1 validatingwebhookconfigurations cluster *
admissionregistration.k8s.io/v1alpha1 mutatingadmissionpolicies cluster *
admissionregistration.k8s.io/v1alpha1 mutatingadmissionpolicybindings cluster *
admissionregistration.k8s.io/v1beta1 mutatingadmissionpolicies cluster *
admissionregistration.k8s.io/v1beta1 mutatingadmissionpolicybindings cluster *
apiextensions.k8s.io/v1 customresourcedefinitions cluster * status=get,patch,update
apiregistration.k8s.io/v1 apiservices cluster * status=get,patch,update
apps/v1 controllerrevisions ns *
apps/v1 daemonsets ns * status=get,patch,update
apps/v1 deployments ns * scale=get,patch,update status=get,patch,update
apps/v1 replicasets ns * scale=get,patch,update status=get,patch,update
apps/v1 statefulsets ns * scale=get,patch,update status=get,patch,update
authentication.k8s.io/v1 selfsubjectreviews cluster create
authentication.k8s.io/v1 tokenreviews cluster create
authorization.k8s.io/v1 localsubjectaccessreviews ns create
authorization.k8s.io/v1 selfsubjectaccessreviews cluster create
authorization.k8s.io/v1 selfsubjectrulesreviews cluster create
authorization.k8s.io/v1 subjectaccessreviews cluster create
autoscaling/v1 horizontalpodautoscalers ns * status=get,patch,update
autoscaling/v2 horizontalpodautoscalers ns * status=get,patch,update
batch/v1 cronjobs ns * status=get,patch,update
batch/v1 jobs ns * status=get,patch,update
certificates.k8s.io/v1 certificatesigningrequests cluster * approval=get,patch,update status=get,patch,update
certificates.k8s.io/v1alpha1 clustertrustbundles cluster *
certificates.k8s.io/v1alpha1 podcertificaterequests ns * status=get,patch,update
certificates.k8s.io/v1beta1 clustertrustbundles cluster *
coordination.k8s.io/v1 leases ns *
coordination.k8s.io/v1alpha2 leasecandidates ns *
coordination.k8s.io/v1beta1 leasecandidates ns *
discovery.k8s.io/v1 endpointslices ns *
events.k8s.io/v1 events ns *
flowcontrol.apiserver.k8s.io/v1 flowschemas cluster * status=get,patch,update
flowcontrol.apiserver.k8s.io/v1 prioritylevelconfigurations cluster * status=get,patch,update
internal.apiserver.k8s.io/v1alpha1 storageversions cluster * status=get,patch,update
networking.k8s.io/v1 ingressclasses cluster *
networking.k8s.io/v1 ingresses ns * status=get,patch,update
networking.k8s.io/v1 ipaddresses cluster *
networking.k8s.io/v1 networkpolicies ns *
networking.k8s.io/v1 servicecidrs cluster * status=get,patch,update
networking.k8s.io/v1beta1 ipaddresses cluster *
networking.k8s.io/v1beta1 servicecidrs cluster * status=get,patch,update
node.k8s.io/v1 runtimeclasses cluster *
policy/v1 poddisruptionbudgets ns * status=get,patch,update
rbac.authorization.k8s.io/v1 clusterrolebindings cluster *
rbac.authorization.k8s.io/v1 clusterroles cluster *
rbac.authorization.k8s.io/v1 rolebindings ns *
rbac.authorization.k8s.io/v1 roles ns *
resource.k8s.io/v1 deviceclasses cluster *
resource.k8s.io/v1 resourceclaims ns * status=get,patch,update
resource.k8s.io/v1 resourceclaimtemplates ns *
resource.k8s.io/v1 resourceslices cluster *
resource.k8s.io/v1alpha3 devicetaintrules cluster *
resource.k8s.io/v1beta1 deviceclasses cluster *
resource.k8s.io/v1beta1 resourceclaims ns * status=get,patch,update
resource.k8s.io/v1beta1 resourceclaimtemplates ns *
resource.k8s.io/v1beta1 resourceslices cluster *
resource.k8s.io/v1beta2 deviceclasses cluster *
resource.k8s.io/v1beta2 resourceclaims ns * status=get,patch,update
resource.k8s.io/v1beta2 resourceclaimtemplates ns *
resource.k8s.io/v1beta2 resourceslices cluster *
scheduling.k8s.io/v1 priorityclasses cluster *
storage.k8s.io/v1 csidrivers cluster *
storage.k8s.io/v1 csinodes cluster *
storage.k8s.io/v1 csistoragecapacities ns *
storage.k8s.io/v1 storageclasses cluster *
storage.k8s.io/v1 volumeattachments cluster * status=get,patch,update
storage.k8s.io/v1 volumeattributesclasses cluster *
storage.k8s.io/v1alpha1 volumeattributesclasses cluster *
storage.k8s.io/v1beta1 volumeattributesclasses cluster *
storagemigration.k8s.io/v1alpha1 storageversionmigrations cluster * status=get,patch,update
`;

function describe(def: KindDef, group: string, version: string): string {
  const verbs = def.verbs.join(',') === 'create,delete,deletecollection,get,list,patch,update,watch' ? '*' : def.verbs.join(',');
  const subs = [...(def.subresources ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1)).map((s) => `${s.name}=${s.verbs.join(',')}`);
  return [`${group}/${version}`, def.plural, def.namespaced ? 'ns' : 'cluster', verbs, ...subs].join(' ');
}

test('with every alpha and beta version enabled the catalog serves what kube-apiserver v1.34 serves', () => {
  const all = new Catalog([...kindsServedByDefault(), ...gatedKinds]);
  const ours = all.kinds.flatMap((def) => def.versions.map((v) => describe(def, def.group, v))).sort();
  const upstream = UPSTREAM_ALL.trim().split('\n').sort();
  const missing = upstream.filter((l) => !ours.includes(l));
  const extra = ours.filter((l) => !upstream.includes(l));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
});

test('group versions are listed preferred first: GA, then beta, then alpha', () => {
  const all = new Catalog([...kindsServedByDefault(), ...gatedKinds]);
  const rank = (v: string) => (/alpha/.test(v) ? 2 : /beta/.test(v) ? 1 : 0);
  for (const g of all.groups) {
    const ranks = g.versions.map(rank);
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), `${g.name || 'core'}: ${g.versions}`);
  }
  assert.deepEqual(all.groups.find((g) => g.name === 'autoscaling')?.versions, ['v2', 'v1']);
  assert.deepEqual(all.groups.find((g) => g.name === 'resource.k8s.io')?.versions, ['v1', 'v1beta2', 'v1beta1', 'v1alpha3']);
});

test('every version that is not stored as itself converts through a kind that is', () => {
  const all = new Catalog([...kindsServedByDefault(), ...gatedKinds]);
  let views = 0;
  for (const def of all.kinds) {
    if (!def.storedAs) continue;
    views++;
    const owner = all.kinds.find((k) => k.group === def.storedAs!.group && k.plural === def.storedAs!.plural);
    assert.ok(owner, `${def.group}/${def.versions[0]}/${def.plural}: no storing kind`);
    assert.equal(owner.storedAs, undefined, `${def.group}/${def.versions[0]}/${def.plural} is stored through ${owner.group}/${owner.versions[0]}, itself a view`);
  }
  assert.ok(views >= 15, `${views} views`);
});

/**
 * Registry facts of upstream v1.34 for the kinds declared under src/types/kinds: generation
 * tracking (strategy sets metadata.generation), ReturnDeletedObject, AllowCreateOnUpdate,
 * AllowUnconditionalUpdate (when false) and extra field selectors. Kinds not listed have none.
 */
const UPSTREAM_REGISTRY: Record<string, string> = {
  'admissionregistration.k8s.io/mutatingwebhookconfigurations': 'generation conditional-update',
  'admissionregistration.k8s.io/validatingwebhookconfigurations': 'generation conditional-update',
  'apiextensions.k8s.io/customresourcedefinitions': 'generation conditional-update',
  'apiregistration.k8s.io/apiservices': 'conditional-update',
  'certificates.k8s.io/certificatesigningrequests': 'fields=spec.signerName',
  'discovery.k8s.io/endpointslices': 'generation',
  'node.k8s.io/runtimeclasses': 'create-on-update conditional-update',
  'resource.k8s.io/deviceclasses': 'generation delete-returns-object',
  'resource.k8s.io/resourceclaims': 'delete-returns-object',
  'resource.k8s.io/resourceclaimtemplates': 'delete-returns-object',
  'resource.k8s.io/resourceslices': 'generation delete-returns-object fields=spec.driver,spec.nodeName',
  // DELETE returns the object (upstream's OpenAPI types the 200 response as the kind). No
  // generation: the reference kube-apiserver sets none on create (test/integration/upstream-objects.test.ts).
  'storage.k8s.io/csidrivers': 'delete-returns-object conditional-update',
  'storage.k8s.io/csinodes': 'delete-returns-object conditional-update',
  'storage.k8s.io/csistoragecapacities': 'conditional-update',
  'storage.k8s.io/volumeattachments': 'delete-returns-object conditional-update',
  'storage.k8s.io/storageclasses': 'delete-returns-object',
  'storage.k8s.io/volumeattributesclasses': 'delete-returns-object',
};

function registryFacts(def: KindDef): string {
  const facts: string[] = [];
  if (def.tracksGeneration) facts.push('generation');
  if (def.deleteReturnsObject) facts.push('delete-returns-object');
  if (def.strategy?.allowCreateOnUpdate) facts.push('create-on-update');
  if (def.strategy?.allowUnconditionalUpdate === false) facts.push('conditional-update');
  const fields = Object.keys(def.fieldSelectors ?? {}).sort();
  if (fields.length) facts.push(`fields=${fields.join(',')}`);
  return facts.join(' ');
}

test('registry facts of the declared kinds are upstream v1.34\'s, in every version', () => {
  const differing: string[] = [];
  for (const def of [...defaultServedKinds, ...gatedKinds]) {
    const id = `${def.group || 'core'}/${def.plural}`;
    if (def.group === 'coordination.k8s.io' || def.group === 'internal.apiserver.k8s.io' || def.group === 'storagemigration.k8s.io' || def.plural.startsWith('mutatingadmissionpolic')
      || def.plural === 'clustertrustbundles' || def.plural === 'podcertificaterequests' || def.plural === 'devicetaintrules') continue; // alpha/beta-only kinds: see the report
    const want = UPSTREAM_REGISTRY[id] ?? '';
    const got = registryFacts(def);
    if (got !== want) differing.push(`${id} (${def.versions[0]}): ours "${got}" upstream "${want}"`);
  }
  assert.deepEqual(differing, []);
});
