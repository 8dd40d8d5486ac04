// node.k8s.io/v1: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { list, map, object, quantity, string, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';
import { Toleration } from './core.js';

const G = 'io.k8s.api.node.v1.';

export const Overhead = object(G + 'Overhead', {
  podFixed: map(quantity()).proto(1).optional().doc('podFixed represents the fixed resource overhead associated with running a pod.'),
}, { description: 'Overhead structure represents the resource overhead associated with running a pod.' });

export const Scheduling = object(G + 'Scheduling', {
  nodeSelector: map(string(), { mapType: 'atomic' }).proto(1).optional().doc('nodeSelector lists labels that must be present on nodes that support this RuntimeClass. Pods using this RuntimeClass can only be scheduled to a node matched by this selector. The RuntimeClass nodeSelector is merged with a pod\'s existing nodeSelector. Any conflicts will cause the pod to be rejected in admission.'),
  tolerations: list(Toleration, { listType: 'atomic' }).proto(2).optional().doc('tolerations are appended (excluding duplicates) to pods running with this RuntimeClass during admission, effectively unioning the set of nodes tolerated by the pod and the RuntimeClass.'),
}, { description: 'Scheduling specifies the scheduling constraints for nodes supporting a RuntimeClass.' });

export const RuntimeClass = object(G + 'RuntimeClass', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  handler: string().proto(2).required().keepEmpty().doc('handler specifies the underlying runtime and configuration that the CRI implementation will use to handle pods of this class. The possible values are specific to the node & CRI configuration.  It is assumed that all handlers are available on every node, and handlers of the same name are equivalent on every node. For example, a handler called "runc" might specify that the runc OCI runtime (using native Linux containers) will be used to run the containers in a pod. The Handler must be lowercase, conform to the DNS Label (RFC 1123) requirements, and is immutable.'),
  overhead: Overhead.proto(3).optional().doc('overhead represents the resource overhead associated with running a pod for a given RuntimeClass. For more details, see\n https://kubernetes.io/docs/concepts/scheduling-eviction/pod-overhead/'),
  scheduling: Scheduling.proto(4).optional().doc('scheduling holds the scheduling constraints to ensure that pods running with this RuntimeClass are scheduled to nodes that support it. If scheduling is nil, this RuntimeClass is assumed to be supported by all nodes.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'node.k8s.io', kind: 'RuntimeClass', version: 'v1' }] }, description: 'RuntimeClass defines a class of container runtime supported in the cluster. The RuntimeClass is used to determine which container runtime is used to run all containers in a pod. RuntimeClasses are manually defined by a user or cluster provisioner, and referenced in the PodSpec. The Kubelet is responsible for resolving the RuntimeClassName reference before running the pod.  For more details, see https://kubernetes.io/docs/concepts/containers/runtime-class/' });

export const nodeSchemas: Record<string, ObjectType> = { RuntimeClass };
