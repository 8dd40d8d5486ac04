// authentication.k8s.io/v1: structural schemas, with upstream's protobuf field numbers (facts from v1.34).
// .optional() marks Go pointer (and slice/map) fields, .keepEmpty() JSON tags without omitempty.
// apiVersion and kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { bool, int64, list, map, object, string, time, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.authentication.v1.';

export const TokenReviewSpec = object(G + 'TokenReviewSpec', {
  token: string().proto(1).doc('Token is the opaque bearer token.'),
  audiences: list(string(), { listType: 'atomic' }).proto(2).optional().doc('Audiences is a list of the identifiers that the resource server presented with the token identifies as. Audience-aware token authenticators will verify that the token was intended for at least one of the audiences in this list. If no audiences are provided, the audience will default to the audience of the Kubernetes apiserver.'),
}, { description: 'TokenReviewSpec is a description of the token authentication request.' });

export const UserInfo = object(G + 'UserInfo', {
  username: string().proto(1).doc('The name that uniquely identifies this user among all active users.'),
  uid: string().proto(2).doc('A unique value that identifies this user across time. If this user is deleted and another user by the same name is added, they will have different UIDs.'),
  groups: list(string(), { listType: 'atomic' }).proto(3).optional().doc('The names of groups this user is a part of.'),
  extra: map(list(string())).proto(4).optional().doc('Any additional information provided by the authenticator.'),
}, { description: 'UserInfo holds the information about the user needed to implement the user.Info interface.' });

export const TokenReviewStatus = object(G + 'TokenReviewStatus', {
  authenticated: bool().proto(1).doc('Authenticated indicates that the token was associated with a known user.'),
  user: UserInfo.proto(2).doc('User is the UserInfo associated with the provided token.'),
  audiences: list(string(), { listType: 'atomic' }).proto(4).optional().doc('Audiences are audience identifiers chosen by the authenticator that are compatible with both the TokenReview and token. An identifier is any identifier in the intersection of the TokenReviewSpec audiences and the token\'s audiences. A client of the TokenReview API that sets the spec.audiences field should validate that a compatible audience identifier is returned in the status.audiences field to ensure that the TokenReview server is audience aware. If a TokenReview returns an empty status.audience field where status.authenticated is "true", the token is valid against the audience of the Kubernetes API server.'),
  error: string().proto(3).doc('Error indicates that the token couldn\'t be checked'),
}, { description: 'TokenReviewStatus is the result of the token authentication request.' });

export const TokenReview = object(G + 'TokenReview', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object\'s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: TokenReviewSpec.proto(2).required().keepEmpty().doc('Spec holds information about the request being evaluated'),
  status: TokenReviewStatus.proto(3).doc('Status is filled in by the server and indicates whether the request can be authenticated.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authentication.k8s.io', kind: 'TokenReview', version: 'v1' }] }, description: 'TokenReview attempts to authenticate a token to a known user. Note: TokenReview requests may be cached by the webhook token authenticator plugin in the kube-apiserver.' });

export const SelfSubjectReviewStatus = object(G + 'SelfSubjectReviewStatus', {
  userInfo: UserInfo.proto(1).doc('User attributes of the user making this request.'),
}, { description: 'SelfSubjectReviewStatus is filled by the kube-apiserver and sent back to a user.' });

export const SelfSubjectReview = object(G + 'SelfSubjectReview', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object\'s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  status: SelfSubjectReviewStatus.proto(2).doc('Status is filled in by the server with the user attributes.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authentication.k8s.io', kind: 'SelfSubjectReview', version: 'v1' }] }, description: 'SelfSubjectReview contains the user information that the kube-apiserver has about the user making this request. When using impersonation, users will receive the user info of the user being impersonated.  If impersonation or request header authentication is used, any extra keys will have their case ignored and returned as lowercase.' });

export const BoundObjectReference = object(G + 'BoundObjectReference', {
  kind: string().proto(1).doc('Kind of the referent. Valid kinds are \'Pod\' and \'Secret\'.'),
  apiVersion: string().proto(2).doc('API version of the referent.'),
  name: string().proto(3).doc('Name of the referent.'),
  uid: string().proto(4).doc('UID of the referent.'),
}, { description: 'BoundObjectReference is a reference to an object that a token is bound to.' });

export const TokenRequestSpec = object(G + 'TokenRequestSpec', {
  audiences: list(string(), { listType: 'atomic' }).proto(1).required().optional().keepEmpty().doc('Audiences are the intendend audiences of the token. A recipient of a token must identify themself with an identifier in the list of audiences of the token, and otherwise should reject the token. A token issued for multiple audiences may be used to authenticate against any of the audiences listed but implies a high degree of trust between the target audiences.'),
  expirationSeconds: int64().proto(4).optional().keepEmpty().doc('ExpirationSeconds is the requested duration of validity of the request. The token issuer may return a token with a different validity duration so a client needs to check the \'expiration\' field in a response.'),
  boundObjectRef: BoundObjectReference.proto(3).optional().keepEmpty().doc('BoundObjectRef is a reference to an object that the token will be bound to. The token will only be valid for as long as the bound object exists. NOTE: The API server\'s TokenReview endpoint will validate the BoundObjectRef, but other audiences may not. Keep ExpirationSeconds small if you want prompt revocation.'),
}, { description: 'TokenRequestSpec contains client provided parameters of a token request.' });

export const TokenRequestStatus = object(G + 'TokenRequestStatus', {
  token: string().proto(1).required().keepEmpty().doc('Token is the opaque bearer token.'),
  expirationTimestamp: time().proto(2).required().keepEmpty().doc('ExpirationTimestamp is the time of expiration of the returned token.'),
}, { description: 'TokenRequestStatus is the result of a token request.' });

export const TokenRequest = object(G + 'TokenRequest', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('Standard object\'s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: TokenRequestSpec.proto(2).required().keepEmpty().doc('Spec holds information about the request being evaluated'),
  status: TokenRequestStatus.proto(3).doc('Status is filled in by the server and indicates whether the token can be authenticated.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'authentication.k8s.io', kind: 'TokenRequest', version: 'v1' }] }, description: 'TokenRequest requests a token for a given service account.' });

export const authenticationSchemas: Record<string, ObjectType> = { TokenReview, SelfSubjectReview, TokenRequest };
