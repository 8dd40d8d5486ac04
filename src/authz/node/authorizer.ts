// The Node authorizer (upstream plugin/pkg/auth/authorizer/node/node_authorizer.go): a node
// (user system:node:<name> in group system:nodes) may read the secrets, configmaps, PVCs, PVs,
// resource claims, volume attachments and service accounts reachable in the graph from its
// bound pods, manage its own Node, Lease, CSINode and ResourceSlices, and otherwise what the
// system:node role grants. Everything else, and every non-node, gets no opinion.

import { CLUSTER_ROLES } from '../bootstrappolicy/cluster-roles.js';
import type { PolicyRule } from '../bootstrappolicy/rule.js';
import { allow, noOpinion, type Attributes, type AuthorizationResult, type Authorizer, type RuleResolver, type RulesResult } from '../types.js';
import type { Registry } from '../../registry/registry.js';
import type { UserInfo } from '../../authn/types.js';
import { vertex, type Graph, type VertexType } from './graph.js';
import { GraphPopulator } from './graph-populator.js';
import { nodeIdentity } from './identity.js';
import { rulesAllow } from './rules-allow.js';

const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** Upstream's bootstrappolicy.NodeRules(): the rules of the system:node role. */
export const NODE_RULES: readonly PolicyRule[] = CLUSTER_ROLES.find((r) => r.name === 'system:node')!.rules!;

export class NodeAuthorizer implements Authorizer, RuleResolver {
  constructor(
    private readonly graph: Graph,
    private readonly nodeRules: readonly PolicyRule[] = NODE_RULES,
  ) {}

  async rulesFor(user: UserInfo): Promise<RulesResult> {
    if (nodeIdentity(user) !== undefined) {
      return { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'node authorizer does not support user rule resolution' };
    }
    return { resourceRules: [], nonResourceRules: [], incomplete: false };
  }

  async authorize(a: Attributes): Promise<AuthorizationResult> {
    return this.decide(a);
  }

  decide(a: Attributes): AuthorizationResult {
    const nodeName = nodeIdentity(a.user);
    if (nodeName === undefined) return noOpinion();
    if (nodeName === '') return noOpinion(`unknown node for user "${a.user.username}"`);
    if (a.isResourceRequest) {
      switch (`${a.apiGroup}/${a.resource}`) {
        case '/secrets':
          return this.readNamespacedObject(nodeName, 'secret', a);
        case '/configmaps':
          return this.readNamespacedObject(nodeName, 'configmap', a);
        case '/persistentvolumeclaims':
          return a.subresource === 'status' ? this.statusUpdate(nodeName, 'pvc', a) : this.get(nodeName, 'pvc', a);
        case '/persistentvolumes':
          return this.get(nodeName, 'pv', a);
        case 'resource.k8s.io/resourceclaims':
          return this.get(nodeName, 'resourceclaim', a);
        case 'storage.k8s.io/volumeattachments':
          return this.get(nodeName, 'volumeattachment', a);
        case '/serviceaccounts':
          return this.serviceAccount(nodeName, a);
        case 'coordination.k8s.io/leases':
          return this.lease(nodeName, a);
        case 'storage.k8s.io/csinodes':
          return this.csiNode(nodeName, a);
        case 'resource.k8s.io/resourceslices':
          return this.resourceSlice(nodeName, a);
        case '/nodes':
          return this.node(nodeName, a);
        case '/pods':
          return this.pod(nodeName, a);
      }
    }
    return rulesAllow(a, this.nodeRules) ? allow() : noOpinion();
  }

  private related(nodeName: string, type: VertexType, a: Attributes): AuthorizationResult {
    if (!a.name) return noOpinion('No Object name found');
    if (!this.graph.hasPathToNode(vertex(type, a.namespace, a.name), nodeName)) {
      return noOpinion(`no relationship found between node '${nodeName}' and this object`);
    }
    return allow();
  }

  private get(nodeName: string, type: VertexType, a: Attributes): AuthorizationResult {
    if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
    if (a.subresource) return noOpinion('cannot get subresource');
    return this.related(nodeName, type, a);
  }

  private statusUpdate(nodeName: string, type: VertexType, a: Attributes): AuthorizationResult {
    if (a.verb !== 'update' && a.verb !== 'patch') return noOpinion('can only get/update/patch this type');
    if (a.subresource !== 'status') return noOpinion('can only update status subresource');
    return this.related(nodeName, type, a);
  }

  /** get, list and watch of single objects: a list or watch names one object with a metadata.name selector. */
  private readNamespacedObject(nodeName: string, type: VertexType, a: Attributes): AuthorizationResult {
    if (a.verb !== 'get' && a.verb !== 'list' && a.verb !== 'watch') return noOpinion('can only read resources of this type');
    if (a.subresource) return noOpinion('cannot read subresource');
    if (!a.namespace) return noOpinion('can only read namespaced object of this type');
    return this.related(nodeName, type, a);
  }

  private serviceAccount(nodeName: string, a: Attributes): AuthorizationResult {
    // get: gate KubeletServiceAccountTokenForCredentialProviders (beta, on in v1.34).
    if (a.verb === 'get' && !a.subresource) return this.readNamespacedObject(nodeName, 'serviceaccount', a);
    if (a.verb !== 'create' || !a.name) return noOpinion('can only create tokens for individual service accounts');
    if (a.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
    return this.related(nodeName, 'serviceaccount', a);
  }

  private lease(nodeName: string, a: Attributes): AuthorizationResult {
    if (!['get', 'create', 'update', 'patch', 'delete'].includes(a.verb)) return noOpinion('can only get, create, update, patch, or delete a node lease');
    if (a.namespace !== NODE_LEASE_NAMESPACE) return noOpinion(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
    // On create the name is in the body: NodeRestriction checks it.
    if (a.verb !== 'create' && a.name !== nodeName) return noOpinion('can only access node lease with the same name as the requesting node');
    return allow();
  }

  private csiNode(nodeName: string, a: Attributes): AuthorizationResult {
    if (!['get', 'create', 'update', 'patch', 'delete'].includes(a.verb)) return noOpinion('can only get, create, update, patch, or delete a CSINode');
    if (a.subresource) return noOpinion('cannot authorize CSINode subresources');
    if (a.verb !== 'create' && a.name !== nodeName) return noOpinion('can only access CSINode with the same name as the requesting node');
    return allow();
  }

  private resourceSlice(nodeName: string, a: Attributes): AuthorizationResult {
    if (a.subresource) return noOpinion('cannot authorize ResourceSlice subresources');
    switch (a.verb) {
      case 'create':
        return allow(); // NodeRestriction checks spec.nodeName
      case 'get':
      case 'update':
      case 'patch':
      case 'delete':
        return this.related(nodeName, 'resourceslice', a);
      case 'watch':
      case 'list':
      case 'deletecollection':
        if (selects(a, 'nodeName', nodeName)) return allow();
        return noOpinion('can only list/watch/deletecollection resourceslices with nodeName field selector');
      default:
        return noOpinion('only the following verbs are allowed for a ResourceSlice: get, watch, list, create, update, patch, delete, deletecollection');
    }
  }

  private node(nodeName: string, a: Attributes): AuthorizationResult {
    if (!a.subresource) {
      // create/update/patch: NodeRestriction limits a node to its own Node object.
      if (a.verb === 'create' || a.verb === 'update' || a.verb === 'patch') return allow();
      if (a.verb === 'get' || a.verb === 'list' || a.verb === 'watch') {
        // By name rather than the graph, so a kubelet can read its Node before creating it.
        if (a.name === nodeName) return allow();
        if (!a.name) return noOpinion(`node '${nodeName}' cannot read all nodes, only its own Node object`);
        return noOpinion(`node '${nodeName}' cannot read '${a.name}', only its own Node object`);
      }
    } else if (a.subresource === 'status' && (a.verb === 'update' || a.verb === 'patch')) {
      return allow();
    }
    return noOpinion();
  }

  private pod(nodeName: string, a: Attributes): AuthorizationResult {
    switch (a.subresource) {
      case '':
        if (a.verb === 'get') return this.get(nodeName, 'pod', a);
        if (a.verb === 'list' || a.verb === 'watch') {
          if (selects(a, 'spec.nodeName', nodeName)) return allow();
          if (a.name) return this.related(nodeName, 'pod', a);
          return noOpinion('can only list/watch pods with spec.nodeName field selector');
        }
        // Mirror pods; NodeRestriction limits them to pods bound to this node.
        if (a.verb === 'create' || a.verb === 'delete') return allow();
        break;
      case 'status':
        if (a.verb === 'update' || a.verb === 'patch') return allow();
        break;
      case 'eviction':
        if (a.verb === 'create') return allow();
        break;
    }
    return noOpinion();
  }
}

function selects(a: Attributes, field: string, value: string): boolean {
  return !!a.fieldSelector?.some((r) => r.field === field && r.operator === '=' && r.value === value);
}

/** A node authorizer following the registry: start() fills the graph, stop() lets go of the watches. */
export function nodeAuthorizerFor(registry: Registry): NodeAuthorizer & { start(): Promise<void>; stop(): void } {
  const populator = new GraphPopulator(registry);
  const authorizer = new NodeAuthorizer(populator.graph);
  return Object.assign(authorizer, { start: () => populator.start(), stop: () => populator.stop() });
}
