// The catalog: every kind skiff serves, indexed for routing and discovery.

import { coreKinds } from './core.js';
import { builtinPriority } from './api-priorities.js';
import { groupKinds } from './groups.js';
import type { KindDef } from './kind.js';
import { builtinSchema } from './builtin-schemas.js';
import { defaultServedKinds, gatedKinds } from './kinds/index.js';
import { columnsFor } from './columns/index.js';
import { compareKubeAwareVersions } from '../crd/versions.js';
import { validatorsFor } from '../registry/validation/index.js';
import { validateRuntimeConfig } from './runtime-config.js';
import { FeatureGates } from '../features/index.js';
import type { GatedKindDef } from './kinds/gated.js';
import { goParseBool } from '../apimachinery/querybool.js';

export interface ServedResource {
  def: KindDef;
  group: string;
  version: string;
}

export interface GroupVersion {
  group: string;
  version: string;
}

/** The declarations of one custom resource (a CRD) the catalog serves alongside the built-in kinds. */
export interface CustomResourceEntry {
  group: string;
  plural: string;
  /** One declaration per served version, preferred first. */
  served: KindDef[];
  /** The declaration that owns the stored objects (listed in `kinds`). */
  storage: KindDef;
}

export class Catalog {
  /** Every declaration that serves or stores objects: the built-in kinds, then each custom resource's storage declaration. */
  readonly kinds: KindDef[] = [];
  private readonly builtinKinds: KindDef[];
  private readonly custom = new Map<string, CustomResourceEntry>();
  private readonly customDefs = new Set<KindDef>();
  private readonly listeners = new Set<() => void>();
  private readonly byGVR = new Map<string, ServedResource>();
  private readonly byGroupVersion = new Map<string, ServedResource[]>();
  /** Group names in discovery order, each with its versions preferred first. */
  readonly groups: { name: string; versions: string[] }[] = [];

  constructor(kinds: KindDef[]) {
    this.builtinKinds = [...kinds];
    this.rebuild();
  }

  private index(def: KindDef, version: string): void {
    const served: ServedResource = { def, group: def.group, version };
    this.byGVR.set(gvrKey(def.group, version, def.plural), served);
    const gvKey = `${def.group}/${version}`;
    let list = this.byGroupVersion.get(gvKey);
    if (!list) {
      list = [];
      this.byGroupVersion.set(gvKey, list);
      let g = this.groups.find((x) => x.name === def.group);
      if (!g) {
        g = { name: def.group, versions: [] };
        this.groups.push(g);
      }
      if (!g.versions.includes(version)) g.versions.push(version);
    }
    list.push(served);
  }

  /** Recompute every index from the built-in kinds and the custom resources. */
  private rebuild(): void {
    this.kinds.length = 0;
    this.groups.length = 0;
    this.byGVR.clear();
    this.byGroupVersion.clear();
    for (const def of this.builtinKinds) {
      this.kinds.push(def);
      for (const version of def.versions) this.index(def, version);
    }
    sortByPriority(this.groups);
    // Custom resources: groups by name after the built-in ones (as the aggregator orders
    // CRD groups), versions in kube-aware order, resources by plural; a built-in wins a clash.
    const entries = [...this.custom.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : a.plural < b.plural ? -1 : a.plural > b.plural ? 1 : 0));
    const builtinGroups = new Set(this.groups.map((g) => g.name));
    for (const e of entries) {
      if (this.builtinKinds.some((k) => k.group === e.group && k.plural === e.plural)) continue;
      this.kinds.push(e.storage);
      for (const def of e.served) {
        const version = def.versions[0]!;
        if (this.byGVR.has(gvrKey(def.group, version, def.plural))) continue;
        this.index(def, version);
      }
    }
    const customGroups = this.groups.filter((g) => !builtinGroups.has(g.name));
    for (const g of customGroups) g.versions.sort(compareKubeAwareVersions);
    customGroups.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.groups.splice(this.groups.length - customGroups.length, customGroups.length, ...customGroups);
  }

  /** Serve (or re-serve) the custom resource of a CRD, replacing what was served for it before. */
  setCustomResource(crdName: string, entry: CustomResourceEntry): void {
    const old = this.custom.get(crdName);
    if (old) for (const d of [...old.served, old.storage]) this.customDefs.delete(d);
    this.custom.set(crdName, entry);
    for (const d of [...entry.served, entry.storage]) this.customDefs.add(d);
    this.rebuild();
    this.changed();
  }

  /** Stop serving a CRD's custom resource. */
  removeCustomResource(crdName: string): CustomResourceEntry | undefined {
    const old = this.custom.get(crdName);
    if (!old) return undefined;
    this.custom.delete(crdName);
    for (const d of [...old.served, old.storage]) this.customDefs.delete(d);
    this.rebuild();
    this.changed();
    return old;
  }

  customResource(crdName: string): CustomResourceEntry | undefined {
    return this.custom.get(crdName);
  }

  /** Whether a declaration belongs to a custom resource (rather than a built-in kind). */
  isCustom(def: KindDef): boolean {
    return this.customDefs.has(def);
  }

  /** Call `fn` after every change of what the catalog serves; returns the unsubscribe. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of [...this.listeners]) fn();
  }

  lookup(group: string, version: string, plural: string): ServedResource | undefined {
    return this.byGVR.get(gvrKey(group, version, plural));
  }

  resources(group: string, version: string): ServedResource[] | undefined {
    return this.byGroupVersion.get(`${group}/${version}`);
  }

  /** Whether a group is served at all: the core group always is (/api). */
  servesGroup(group: string): boolean {
    return group === '' || this.groups.some((g) => g.name === group);
  }

  hasGroupVersion(group: string, version: string): boolean {
    return this.byGroupVersion.has(`${group}/${version}`);
  }

  /** The served resource of a kind in an apiVersion ("v1", "apps/v1"), preferring the stored declaration over views. */
  byKind(apiVersion: string, kind: string): ServedResource | undefined {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    const list = this.resources(group, version)?.filter(({ def }) => def.kind === kind && !def.plural.includes('/'));
    return list?.find(({ def }) => !def.storedAs) ?? list?.[0];
  }

  /** The declaration that stores the objects of a resource (not a view of them). */
  storingKind(group: string, plural: string): KindDef | undefined {
    return this.kinds.find((k) => k.group === group && k.plural === plural && !k.storedAs);
  }

  /** Whether the kind exists in that apiVersion ("v1", "apps/v1"), list kinds included. */
  isRegistered(apiVersion: string, kind: string): boolean {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    const list = this.resources(group, version);
    if (!list) return false;
    return list.some(({ def }) => def.kind === kind || `${def.kind}List` === kind);
  }

  hasGroup(group: string): boolean {
    return this.groups.some((g) => g.name === group);
  }

  /** The kind whose objects live under the given storage resource. */
  storageOwner(def: KindDef): { group: string; plural: string } {
    return def.storedAs ? { group: def.storedAs.group, plural: def.storedAs.plural } : { group: def.group, plural: def.plural };
  }
}

function gvrKey(group: string, version: string, plural: string): string {
  return `${group}/${version}/${plural}`;
}

export function apiVersionOf(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/**
 * Whether --runtime-config serves a group-version (and resource): keys `api/all`,
 * `api/ga|beta|alpha`, `<group>/<version>` (`v1` or `api/v1` for core) and
 * `<group>/<version>/<resource>`; an empty value means true. Alpha and beta versions
 * are off unless enabled, GA versions on unless disabled.
 */
export function runtimeConfigServes(config: Record<string, string>, group: string, version: string, plural: string, servedByDefault: boolean): boolean {
  const val = (k: string): boolean | undefined => {
    if (!(k in config)) return undefined;
    const v = config[k]!;
    return v === '' || goParseBool(v) === true;
  };
  const gv = group ? `${group}/${version}` : version;
  const level = /alpha\d*$/.test(version) ? 'alpha' : /beta\d*$/.test(version) ? 'beta' : 'ga';
  let on = servedByDefault;
  const all = val('api/all');
  if (all !== undefined) on = all;
  const lvl = val(`api/${level}`);
  if (lvl !== undefined) on = lvl;
  const gvVal = val(gv) ?? (group ? undefined : val(`api/${version}`));
  if (gvVal !== undefined) on = gvVal;
  const res = val(`${gv}/${plural}`);
  if (res !== undefined) on = res;
  return on;
}

/** The kind's own strategy plus upstream's spec validation for it (run after the strategy's own checks). */
function withValidation(k: KindDef): KindDef['strategy'] {
  const v = validatorsFor(k.group, k.kind);
  if (!v) return k.strategy;
  const s = k.strategy ?? {};
  return {
    ...s,
    validate: v.validate ? (obj) => [...(s.validate?.(obj) ?? []), ...v.validate!(obj)] : s.validate,
    validateUpdate: v.validateUpdate ? (obj, old, sub) => [...(s.validateUpdate?.(obj, old, sub) ?? []), ...v.validateUpdate!(obj, old, sub)] : s.validateUpdate,
  };
}

export function builtinCatalog(runtimeConfig: Record<string, string> = {}, featureGates: FeatureGates = FeatureGates.defaults()): Catalog {
  validateRuntimeConfig(runtimeConfig);
  const all: KindDef[] = [...coreKinds, ...groupKinds, ...defaultServedKinds, ...gatedKinds];
  const seen = new Set<string>();
  const kinds: KindDef[] = [];
  for (const k of all) {
    const gated = (k as { servedByDefault?: boolean }).servedByDefault === false;
    const version = k.versions[0]!;
    // One declaration per group/version/resource: the first wins.
    const id = `${k.group}/${version}/${k.plural}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!runtimeConfigServes(runtimeConfig, k.group, version, k.plural, !gated)) continue;
    const gate = (k as GatedKindDef).featureGate;
    if (gate && !featureGates.enabled(gate)) continue;
    kinds.push({
      ...k,
      schema: k.schema ?? (gated ? undefined : builtinSchema(k.group, k.kind)),
      tableColumns: k.tableColumns ?? columnsFor(k.group, k.kind),
      strategy: withValidation(k),
    });
  }
  return new Catalog(kinds);
}

/**
 * The built-in groups in discovery order (api-priorities.ts): by group priority, highest first,
 * ties by name; each group's versions by version priority, highest first. A version without a
 * priority keeps its place after those with one.
 */
function sortByPriority(groups: { name: string; versions: string[] }[]): void {
  const versionRank = (g: string, v: string) => builtinPriority(g, v)?.version ?? -1;
  const groupRank = (g: { name: string; versions: string[] }) => Math.max(-1, ...g.versions.map((v) => builtinPriority(g.name, v)?.group ?? -1));
  for (const g of groups) g.versions.sort((a, b) => versionRank(g.name, b) - versionRank(g.name, a));
  groups.sort((a, b) => groupRank(b) - groupRank(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
