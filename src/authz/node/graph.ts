// The node authorizer's graph (upstream plugin/pkg/auth/authorizer/node/graph.go): vertices are
// objects, an edge from A to B means "whoever may see B may see A". Each watched object owns
// the edges it implies, so an update or delete replaces or drops exactly those.

export type VertexType =
  | 'configmap'
  | 'node'
  | 'pod'
  | 'pv'
  | 'pvc'
  | 'resourceclaim'
  | 'resourceslice'
  | 'secret'
  | 'serviceaccount'
  | 'volumeattachment';

export type Vertex = `${VertexType}/${string}/${string}`;

export const vertex = (type: VertexType, namespace: string, name: string): Vertex => `${type}/${namespace}/${name}`;

export type Edge = [from: Vertex, to: Vertex];

export class Graph {
  /** from → to → how many owners imply this edge. */
  private readonly out = new Map<Vertex, Map<Vertex, number>>();
  private readonly owned = new Map<string, Edge[]>();

  /** Replace the edges that `owner` (an object's key) implies. */
  set(owner: string, edges: Edge[]): void {
    this.remove(owner);
    if (edges.length === 0) return;
    this.owned.set(owner, edges);
    for (const [from, to] of edges) {
      let targets = this.out.get(from);
      if (!targets) this.out.set(from, (targets = new Map()));
      targets.set(to, (targets.get(to) ?? 0) + 1);
    }
  }

  remove(owner: string): void {
    const edges = this.owned.get(owner);
    if (!edges) return;
    this.owned.delete(owner);
    for (const [from, to] of edges) {
      const targets = this.out.get(from)!;
      const n = targets.get(to)! - 1;
      if (n > 0) targets.set(to, n);
      else targets.delete(to);
      if (targets.size === 0) this.out.delete(from);
    }
  }

  /** Whether a path leads from the object to the node, never passing through another node. */
  hasPathToNode(start: Vertex, nodeName: string): boolean {
    const target = vertex('node', '', nodeName);
    const seen = new Set<Vertex>([start]);
    const stack: Vertex[] = [start];
    while (stack.length) {
      const v = stack.pop()!;
      for (const next of this.out.get(v)?.keys() ?? []) {
        if (next === target) return true;
        if (seen.has(next) || next.startsWith('node/')) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return false;
  }

  /** Number of edges (for tests). */
  get edgeCount(): number {
    let n = 0;
    for (const t of this.out.values()) n += t.size;
    return n;
  }
}
