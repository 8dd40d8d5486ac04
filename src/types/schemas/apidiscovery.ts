// Aggregated discovery (apidiscovery.k8s.io v2 and v2beta1, the same messages): what
// /api and /apis answer to `Accept: ...;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`,
// in protobuf for the clients that ask for it (client-go with protobuf content, e.g.
// kube-controller-manager). Facts from k8s.io/api apidiscovery/v2 types.go and
// generated.proto; not published in OpenAPI (upstream does not either).

import { list, object, string } from '../schema.js';
import { ListMeta, ObjectMeta, typeMeta } from './meta.js';

const GroupVersionKind = object('io.k8s.apimachinery.pkg.apis.meta.v1.GroupVersionKind', {
  group: string().proto(1).keepEmpty(),
  version: string().proto(2).keepEmpty(),
  kind: string().proto(3).keepEmpty(),
});

const APISubresourceDiscovery = object('io.k8s.api.apidiscovery.v2.APISubresourceDiscovery', {
  subresource: string().proto(1).keepEmpty(),
  responseKind: GroupVersionKind.proto(2).optional(),
  acceptedTypes: list(GroupVersionKind).proto(3).optional(),
  verbs: list(string()).proto(4).optional().keepEmpty(),
});

const APIResourceDiscovery = object('io.k8s.api.apidiscovery.v2.APIResourceDiscovery', {
  resource: string().proto(1).keepEmpty(),
  responseKind: GroupVersionKind.proto(2).optional(),
  scope: string().proto(3).keepEmpty(),
  singularResource: string().proto(4).keepEmpty(),
  verbs: list(string()).proto(5).optional().keepEmpty(),
  shortNames: list(string()).proto(6).optional(),
  categories: list(string()).proto(7).optional(),
  subresources: list(APISubresourceDiscovery).proto(8).optional(),
});

const APIVersionDiscovery = object('io.k8s.api.apidiscovery.v2.APIVersionDiscovery', {
  version: string().proto(1).keepEmpty(),
  resources: list(APIResourceDiscovery).proto(2).optional(),
  freshness: string().proto(3),
});

const APIGroupDiscovery = object('io.k8s.api.apidiscovery.v2.APIGroupDiscovery', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1),
  versions: list(APIVersionDiscovery).proto(2).optional(),
});

export const APIGroupDiscoveryList = object('io.k8s.api.apidiscovery.v2.APIGroupDiscoveryList', {
  ...typeMeta,
  metadata: ListMeta.proto(1),
  items: list(APIGroupDiscovery).proto(2).optional().keepEmpty(),
});
