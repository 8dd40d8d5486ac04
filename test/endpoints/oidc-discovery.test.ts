// Service-account issuer discovery over real TLS: the OIDC discovery document and the key
// set, their headers and member order, a token issued by TokenIssuer verified with the
// published key, go-restful's 405/406, anonymous denial, and the paths being absent when
// the issuer is not an https URL. Plus the two paths in the OpenAPI documents.

import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify, type JsonWebKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildAuthenticator } from '../../src/authn/index.js';
import { allowAuthenticated } from '../support/authz.js';
import { ensurePki, type Pki } from '../../src/cli/pki.js';
import { namedTypes, OpenApi } from '../../src/endpoints/openapi.js';
import { discoveryUnavailable, OidcDiscovery } from '../../src/endpoints/oidc-discovery.js';
import { routeAccepts } from '../../src/encoding/negotiate.js';
import { DEFAULT_ISSUER, TokenIssuer } from '../../src/endpoints/token-request.js';
import { indexerFor } from '../../src/registry/filter.js';
import { Registry } from '../../src/registry/registry.js';
import { authenticationFilter } from '../../src/server/filters/authentication.js';
import { authorizationFilter } from '../../src/server/filters/authorization.js';
import { ApiServer } from '../../src/server/server.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { schemaModules } from '../../src/types/builtin-schemas.js';
import { builtinCatalog } from '../../src/types/catalog.js';
import { silentLogger } from '../support/server.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

describe('service-account issuer discovery', () => {
  let dir: string;
  let pki: Pki;
  let store: SqliteStore;
  let tokens: TokenIssuer;
  const servers: ApiServer[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-oidc-'));
    pki = await ensurePki(dir);
    store = SqliteStore.open(join(dir, 'skiff.db'));
    tokens = new TokenIssuer(new Registry(builtinCatalog(), store, indexerFor), { privateKeyPem: pki.serviceAccount.privateKeyPem });
  });

  after(async () => {
    for (const s of servers) await s.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A real TLS server whose only route is `oidc`; returns a client for it. */
  async function serve(oidc: OidcDiscovery): Promise<{ port: number; get(path: string, o?: { method?: string; accept?: string; anonymous?: boolean }): Promise<Reply> }> {
    const server = new ApiServer({
      key: pki.serving.keyPem,
      cert: pki.serving.certPem,
      clientCa: pki.ca.certPem,
      filters: [authenticationFilter(buildAuthenticator({ clientCaPem: pki.ca.certPem, anonymous: true })), authorizationFilter(allowAuthenticated)],
      logger: silentLogger(),
      routes: [(ctx) => oidc.handle(ctx)],
    });
    servers.push(server);
    const { port } = await server.listen(0, '127.0.0.1');
    const get = (path: string, o: { method?: string; accept?: string; anonymous?: boolean } = {}) =>
      new Promise<Reply>((resolve, reject) => {
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method: o.method ?? 'GET',
            headers: o.accept !== undefined ? { accept: o.accept } : {},
            agent: false,
            ca: pki.ca.certPem,
            servername: 'localhost',
            ...(o.anonymous ? {} : { cert: pki.admin.certPem, key: pki.admin.keyPem }),
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    return { port, get };
  }

  const discoveryFor = (extra: Partial<ConstructorParameters<typeof OidcDiscovery>[0]> = {}) =>
    new OidcDiscovery({ issuer: tokens.issuer, keyId: tokens.keyId, publicKeyPem: pki.serviceAccount.publicKeyPem, ...extra });

  it('serves the discovery document with upstream members, media type and caching', async () => {
    const { port, get } = await serve(discoveryFor());
    const res = await get('/.well-known/openid-configuration');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.equal(res.headers['cache-control'], 'public, max-age=3600');
    assert.ok(!res.text.endsWith('\n'), 'compact JSON without a trailing newline');
    const doc = JSON.parse(res.text) as Record<string, unknown>;
    assert.deepEqual(Object.keys(doc), ['issuer', 'jwks_uri', 'response_types_supported', 'subject_types_supported', 'id_token_signing_alg_values_supported']);
    assert.equal(doc.issuer, DEFAULT_ISSUER);
    // No --service-account-jwks-uri: https://<external address>/openid/v1/jwks.
    assert.equal(doc.jwks_uri, `https://127.0.0.1:${port}/openid/v1/jwks`);
    assert.deepEqual(doc.response_types_supported, ['id_token']);
    assert.deepEqual(doc.subject_types_supported, ['public']);
    assert.deepEqual(doc.id_token_signing_alg_values_supported, ['ES256']);
    // go-restful trims trailing slashes.
    const slash = await get('/.well-known/openid-configuration/');
    assert.equal(slash.status, 200);
    assert.equal(slash.text, res.text);
  });

  it('serves the key set, whose key verifies the tokens TokenIssuer signs', async () => {
    const { get } = await serve(discoveryFor());
    const res = await get('/openid/v1/jwks');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['content-type'], 'application/jwk-set+json');
    assert.equal(res.headers['cache-control'], 'public, max-age=3600');
    const set = JSON.parse(res.text) as { keys: Record<string, string>[] };
    assert.equal(set.keys.length, 1);
    const jwk = set.keys[0]!;
    assert.deepEqual(Object.keys(jwk), ['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']);
    assert.equal(jwk.use, 'sig');
    assert.equal(jwk.kty, 'EC');
    assert.equal(jwk.crv, 'P-256');
    assert.equal(jwk.alg, 'ES256');
    assert.equal(jwk.kid, tokens.keyId);

    const token = tokens.signJwt({ iss: tokens.issuer, sub: 'system:serviceaccount:default:builder' });
    const [h, p, s] = token.split('.') as [string, string, string];
    assert.equal(JSON.parse(Buffer.from(h, 'base64url').toString()).kid, jwk.kid);
    const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    assert.ok(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')));
    const forged = Buffer.from(JSON.stringify({ iss: tokens.issuer, sub: 'system:serviceaccount:kube-system:admin' })).toString('base64url');
    assert.ok(!verify('sha256', Buffer.from(`${h}.${forged}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')));
  });

  it('uses --service-account-jwks-uri or the external address when given', async () => {
    const given = await serve(discoveryFor({ jwksUri: 'https://issuer.example.com/keys.json', externalAddress: 'ignored:1' }));
    assert.equal(JSON.parse((await given.get('/.well-known/openid-configuration')).text).jwks_uri, 'https://issuer.example.com/keys.json');
    const external = await serve(discoveryFor({ externalAddress: 'api.example.com:6443' }));
    assert.equal(JSON.parse((await external.get('/.well-known/openid-configuration')).text).jwks_uri, 'https://api.example.com:6443/openid/v1/jwks');
  });

  // kube-apiserver v1.32 answers both through its go-restful ServiceErrorHandler
  // (genericapiserver handler.go): a negotiated Status, YAML here because the client asks for it.
  it('answers other methods with 405 and unacceptable media types with 406, as kube-apiserver does', async () => {
    const { get } = await serve(discoveryFor());
    const post = await get('/openid/v1/jwks', { method: 'POST', accept: 'application/json' });
    assert.equal(post.status, 405);
    assert.deepEqual(JSON.parse(post.text), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server does not allow this method on the requested resource', reason: 'MethodNotAllowed', details: {}, code: 405 });
    assert.equal(post.headers['allow'], undefined);
    const yaml = await get('/.well-known/openid-configuration', { accept: 'application/yaml' });
    assert.equal(yaml.status, 406);
    assert.equal(yaml.headers['content-type'], 'application/yaml');
    assert.equal(yaml.text, 'apiVersion: v1\ncode: 406\ndetails: {}\nkind: Status\nmessage: |-\n  406: Not Acceptable\n\n  Available representations: application/json\nmetadata: {}\nreason: NotAcceptable\nstatus: Failure\n');
    // The key set is application/jwk-set+json only: asking for application/json alone is not enough.
    const json = await get('/openid/v1/jwks', { accept: 'application/json' });
    assert.equal(json.status, 406);
    assert.equal(JSON.parse(json.text).message, '406: Not Acceptable\n\nAvailable representations: application/jwk-set+json');
    assert.equal((await get('/openid/v1/jwks', { accept: 'application/json, */*;q=0.1' })).status, 200);
    assert.equal((await get('/openid/v1/jwks', { accept: 'application/jwk-set+json' })).status, 200);
  });

  it('is not readable anonymously and leaves other paths alone', async () => {
    const { get } = await serve(discoveryFor());
    const anonymous = await get('/.well-known/openid-configuration', { anonymous: true });
    assert.equal(anonymous.status, 403);
    assert.equal(JSON.parse(anonymous.text).reason, 'Forbidden');
    assert.equal((await get('/.well-known/openid-configurationx')).status, 404);
    assert.equal((await get('/openid/v1/jwks/extra')).status, 404);
  });

  it('is not installed unless the issuer is an https URL without query or fragment', async () => {
    const plain = discoveryFor({ issuer: 'http://kubernetes.default.svc' });
    assert.equal(plain.disabledReason, 'issuer URL must use https scheme, got: http://kubernetes.default.svc');
    const { get } = await serve(plain);
    assert.equal((await get('/.well-known/openid-configuration')).status, 404);
    assert.equal((await get('/openid/v1/jwks')).status, 404);
    assert.match(discoveryUnavailable('https://issuer.example.com?x=1') ?? '', /may not include a query/);
    assert.match(discoveryUnavailable('https://issuer.example.com#f') ?? '', /may not include a fragment/);
    assert.match(discoveryUnavailable('https://issuer.example.com', 'http://keys.example.com/jwks') ?? '', /jwksURI requires https scheme/);
    assert.equal(discoveryUnavailable('https://issuer.example.com/path'), undefined);
  });

  it('publishes RSA keys as RS256 and derives the key id like upstream when none is given', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const rsa = new OidcDiscovery({ issuer: 'https://issuer.example.com', publicKeyPem: publicKey, externalAddress: 'h:1' });
    const jwk = (JSON.parse(rsa.keysetJson().toString()) as { keys: Record<string, string>[] }).keys[0]!;
    assert.deepEqual(Object.keys(jwk), ['use', 'kty', 'kid', 'alg', 'n', 'e']);
    assert.equal(jwk.alg, 'RS256');
    assert.deepEqual(JSON.parse(rsa.configFor().toString()).id_token_signing_alg_values_supported, ['RS256']);
    // Without keyId, the kid is computed as TokenIssuer computes it.
    const ec = new OidcDiscovery({ issuer: tokens.issuer, publicKeyPem: pki.serviceAccount.publicKeyPem, externalAddress: 'h:1' });
    assert.equal((JSON.parse(ec.keysetJson().toString()) as { keys: Record<string, string>[] }).keys[0]!.kid, tokens.keyId);
  });

  it('matches Accept headers as go-restful does', () => {
    assert.ok(routeAccepts(undefined, ['application/json']));
    assert.ok(routeAccepts('application/json;q=0.9', ['application/json']));
    assert.ok(!routeAccepts('application/*', ['application/json']));
    assert.ok(!routeAccepts('application/JSON', ['application/json']));
    assert.ok(routeAccepts('text/html, */*', ['application/json']));
    assert.ok(routeAccepts('text/html,  application/json ;q=0.5', ['application/json']));
  });
});

describe('service-account issuer discovery in OpenAPI', () => {
  const openapi = new OpenApi(builtinCatalog(), { types: namedTypes(...schemaModules) });

  it('lists both paths in v2 and as their own v3 documents', () => {
    const v2 = openapi.v2() as { paths: Record<string, { get: Record<string, unknown> }> };
    const config = v2.paths['/.well-known/openid-configuration/']!.get;
    assert.equal(config.operationId, 'getServiceAccountIssuerOpenIDConfiguration');
    assert.deepEqual(config.produces, ['application/json']);
    assert.ok(!('consumes' in config));
    assert.deepEqual(config.tags, ['WellKnown']);
    const jwks = v2.paths['/openid/v1/jwks/']!.get;
    assert.equal(jwks.operationId, 'getServiceAccountIssuerOpenIDKeyset');
    assert.deepEqual(jwks.produces, ['application/jwk-set+json']);
    assert.deepEqual(jwks.tags, ['openid']);

    const v3 = openapi.v3('openid/v1/jwks') as { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }> } }>; components: Record<string, unknown> };
    assert.deepEqual(Object.keys(v3.paths), ['/openid/v1/jwks/']);
    assert.deepEqual(Object.keys(v3.paths['/openid/v1/jwks/']!.get.responses['200']!.content!), ['application/jwk-set+json']);
    assert.ok(!('schemas' in v3.components), 'no empty schemas member');
    const wellKnown = openapi.v3('.well-known/openid-configuration') as { paths: Record<string, unknown> };
    assert.deepEqual(Object.keys(wellKnown.paths), ['/.well-known/openid-configuration/']);
  });
});
