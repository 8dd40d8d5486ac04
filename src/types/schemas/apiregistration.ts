// apiregistration.k8s.io/v1: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bool, bytes, int32, list, object, string, time, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.';

export const ServiceReference = object(G + 'ServiceReference', {
  namespace: string().proto(1).doc('Namespace is the namespace of the service'),
  name: string().proto(2).doc('Name is the name of the service'),
  port: int32().proto(3).optional().doc('If specified, the port on the service that hosting webhook. Default to 443 for backward compatibility. `port` should be a valid port number (1-65535, inclusive).'),
}, { description: 'ServiceReference holds a reference to Service.legacy.k8s.io' });

export const APIServiceSpec = object(G + 'APIServiceSpec', {
  service: ServiceReference.proto(1).optional().doc('Service is a reference to the service for this API server.  It must communicate on port 443. If the Service is nil, that means the handling for the API groupversion is handled locally on this server. The call will simply delegate to the normal handler chain to be fulfilled.'),
  group: string().proto(2).doc('Group is the API group name this server hosts'),
  version: string().proto(3).doc('Version is the API version this server hosts.  For example, "v1"'),
  insecureSkipTLSVerify: bool().proto(4).doc('InsecureSkipTLSVerify disables TLS certificate verification when communicating with this server. This is strongly discouraged.  You should use the CABundle instead.'),
  caBundle: bytes().proto(5).optional().with({ extensions: { 'x-kubernetes-list-type': 'atomic' } }).doc('CABundle is a PEM encoded CA bundle which will be used to validate an API server\'s serving certificate. If unspecified, system trust roots on the apiserver are used.'),
  groupPriorityMinimum: int32().proto(7).required().keepEmpty().doc('GroupPriorityMinimum is the priority this group should have at least. Higher priority means that the group is preferred by clients over lower priority ones. Note that other versions of this group might specify even higher GroupPriorityMinimum values such that the whole group gets a higher priority. The primary sort is based on GroupPriorityMinimum, ordered highest number to lowest (20 before 10). The secondary sort is based on the alphabetical comparison of the name of the object.  (v1.bar before v1.foo) We\'d recommend something like: *.k8s.io (except extensions) at 18000 and PaaSes (OpenShift, Deis) are recommended to be in the 2000s'),
  versionPriority: int32().proto(8).required().keepEmpty().doc('VersionPriority controls the ordering of this API version inside of its group.  Must be greater than zero. The primary sort is based on VersionPriority, ordered highest to lowest (20 before 10). Since it\'s inside of a group, the number can be small, probably in the 10s. In case of equal version priorities, the version string will be used to compute the order inside a group. If the version string is "kube-like", it will sort above non "kube-like" version strings, which are ordered lexicographically. "Kube-like" versions start with a "v", then are followed by a number (the major version), then optionally the string "alpha" or "beta" and another number (the minor version). These are sorted first by GA > beta > alpha (where GA is a version with no suffix such as beta or alpha), and then by comparing major version, then minor version. An example sorted list of versions: v10, v2, v1, v11beta2, v10beta3, v3beta1, v12alpha1, v11alpha2, foo1, foo10.'),
}, { description: 'APIServiceSpec contains information for locating and communicating with a server. Only https is supported, though you are able to disable certificate verification.' });

export const APIServiceCondition = object(G + 'APIServiceCondition', {
  type: string().proto(1).required().keepEmpty().doc('Type is the type of the condition.'),
  status: string().proto(2).required().keepEmpty().doc('Status is the status of the condition. Can be True, False, Unknown.'),
  lastTransitionTime: time().proto(3).doc('Last time the condition transitioned from one status to another.'),
  reason: string().proto(4).doc('Unique, one-word, CamelCase reason for the condition\'s last transition.'),
  message: string().proto(5).doc('Human-readable message indicating details about last transition.'),
}, { description: 'APIServiceCondition describes the state of an APIService at a particular point' });

export const APIServiceStatus = object(G + 'APIServiceStatus', {
  conditions: list(APIServiceCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }).proto(1).optional().doc('Current service state of apiService.'),
}, { description: 'APIServiceStatus contains derived information about an API server' });

export const APIService = object(G + 'APIService', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object\'s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: APIServiceSpec.proto(2).doc('Spec contains information for locating and communicating with a server'),
  status: APIServiceStatus.proto(3).doc('Status contains derived information about an API server'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'apiregistration.k8s.io', kind: 'APIService', version: 'v1' }] }, description: 'APIService represents a server for a particular GroupVersion. Name must be "version.group".' });

export const apiregistrationSchemas: Record<string, ObjectType> = { APIService };
