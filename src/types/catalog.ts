// The catalog: every kind skiff serves, indexed for routing and discovery.

import { coreKinds } from './core.js';
import { groupKinds } from './groups.js';
import type { KindDef } from './kind.js';
import { builtinSchema } from './builtin-schemas.js';
import { columnsFor } from './columns/index.js';

export interface ServedResource {
  def: KindDef;
  group: string;
  version: string;
}

export interface GroupVersion {
  group: string;
  version: string;
}

export class Catalog {
  readonly kinds: KindDef[];
  private readonly byGVR = new Map<string, ServedResource>();
  private readonly byGroupVersion = new Map<string, ServedResource[]>();
  /** Group names in discovery order, each with its versions preferred first. */
  readonly groups: { name: string; versions: string[] }[] = [];

  constructor(kinds: KindDef[]) {
    this.kinds = kinds;
    for (const def of kinds) {
      for (const version of def.versions) {
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
    }
  }

  lookup(group: string, version: string, plural: string): ServedResource | undefined {
    return this.byGVR.get(gvrKey(group, version, plural));
  }

  resources(group: string, version: string): ServedResource[] | undefined {
    return this.byGroupVersion.get(`${group}/${version}`);
  }

  hasGroupVersion(group: string, version: string): boolean {
    return this.byGroupVersion.has(`${group}/${version}`);
  }

  /** The served resource of a kind in an apiVersion ("v1", "apps/v1"). */
  byKind(apiVersion: string, kind: string): ServedResource | undefined {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    return this.resources(group, version)?.find(({ def }) => def.kind === kind && !def.storedAs);
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

export function builtinCatalog(): Catalog {
  return new Catalog(
    [...coreKinds, ...groupKinds].map((k) => ({
      ...k,
      schema: k.schema ?? builtinSchema(k.group, k.kind),
      tableColumns: k.tableColumns ?? columnsFor(k.group, k.kind),
    })),
  );
}
