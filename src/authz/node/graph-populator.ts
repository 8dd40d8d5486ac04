// Keeps the node authorizer's graph in step with the registry's watch (upstream
// plugin/pkg/auth/authorizer/node/graph_populator.go): pods bound to nodes, persistent
// volumes, volume attachments and resource slices.

import { Informer, type InformerEvent } from '../../controllers/informer.js';
import type { Registry } from '../../registry/registry.js';
import type { ServedResource } from '../../types/catalog.js';
import type { Obj } from '../../types/kind.js';
import { Graph, vertex, type Edge } from './graph.js';
import { podClaimNames, podConfigMapNames, podResourceClaimNames, podSecretNames, pvSecretRefs } from './object-refs.js';

type EdgesOf = (obj: Obj) => Edge[];

function podEdges(pod: Obj): Edge[] {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName) return [];
  const ns = pod.metadata.namespace;
  const p = vertex('pod', ns, pod.metadata.name);
  const edges: Edge[] = [[p, vertex('node', '', nodeName)]];
  for (const n of podSecretNames(pod)) edges.push([vertex('secret', ns, n), p]);
  for (const n of podConfigMapNames(pod)) edges.push([vertex('configmap', ns, n), p]);
  for (const n of podClaimNames(pod)) edges.push([vertex('pvc', ns, n), p]);
  for (const n of podResourceClaimNames(pod)) edges.push([vertex('resourceclaim', ns, n), p]);
  if (pod.spec.serviceAccountName) edges.push([vertex('serviceaccount', ns, pod.spec.serviceAccountName), p]);
  return edges;
}

function pvEdges(pv: Obj): Edge[] {
  const claim = pv.spec?.claimRef;
  if (!claim?.name || !claim.namespace) return [];
  const v = vertex('pv', '', pv.metadata.name);
  const edges: Edge[] = [[v, vertex('pvc', claim.namespace, claim.name)]];
  for (const [ns, name] of pvSecretRefs(pv)) edges.push([vertex('secret', ns, name), v]);
  return edges;
}

function attachmentEdges(va: Obj): Edge[] {
  return va.spec?.nodeName ? [[vertex('volumeattachment', '', va.metadata.name), vertex('node', '', va.spec.nodeName)]] : [];
}

function sliceEdges(slice: Obj): Edge[] {
  return slice.spec?.nodeName ? [[vertex('resourceslice', '', slice.metadata.name), vertex('node', '', slice.spec.nodeName)]] : [];
}

const SOURCES: [group: string, plural: string, edges: EdgesOf][] = [
  ['', 'pods', podEdges],
  ['', 'persistentvolumes', pvEdges],
  ['storage.k8s.io', 'volumeattachments', attachmentEdges],
  ['resource.k8s.io', 'resourceslices', sliceEdges],
];

/** The served version of a resource that owns its storage (its preferred version). */
function storedResource(registry: Registry, group: string, plural: string): ServedResource | undefined {
  const def = registry.catalog.kinds.find((k) => k.group === group && k.plural === plural && !k.storedAs);
  return def ? { def, group, version: def.versions[0]! } : undefined;
}

export class GraphPopulator {
  readonly graph = new Graph();
  private readonly informer: Informer;
  private readonly edgesByPlural = new Map<string, EdgesOf>();

  constructor(registry: Registry) {
    const served: ServedResource[] = [];
    for (const [group, plural, edges] of SOURCES) {
      const r = storedResource(registry, group, plural);
      if (!r) continue;
      served.push(r);
      this.edgesByPlural.set(`${group}/${plural}`, edges);
    }
    this.informer = new Informer(registry, served, (type, obj, resource) => this.observe(type, obj, resource));
  }

  private observe(type: InformerEvent, obj: Obj, resource: ServedResource): void {
    const key = `${resource.group}/${resource.def.plural}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
    if (type === 'DELETED') this.graph.remove(key);
    else this.graph.set(key, this.edgesByPlural.get(`${resource.group}/${resource.def.plural}`)!(obj));
  }

  /** Resolves once the current state of every source is in the graph. */
  start(): Promise<void> {
    return this.informer.start();
  }

  stop(): void {
    this.informer.stop();
  }
}
