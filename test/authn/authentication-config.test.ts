// AuthenticationConfiguration decoding and validation, checked against the messages of
// k8s.io/apiserver/pkg/apis/apiserver/validation/validation.go and kube-apiserver's
// pkg/kubeapiserver/options/authentication.go.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  configurationError,
  jwtAuthenticatorFromFlags,
  parseAuthenticationConfiguration,
  resolveAnonymous,
  validateAuthenticationConfiguration,
  type AuthenticationConfiguration,
  type JwtAuthenticatorConfig,
} from '../../src/authn/config.js';
import { selectsClaim } from '../../src/authn/oidc/index.js';
import { parseFlags, validateServerFlags } from '../../src/cli/flags.js';
import { createCertificateAuthority } from '../../src/cli/pki.js';

const base = (over: Partial<JwtAuthenticatorConfig> = {}): JwtAuthenticatorConfig => ({
  issuer: { url: 'https://issuer.example.com', audiences: ['my-app'] },
  claimMappings: { username: { claim: 'sub', prefix: '' } },
  ...over,
});

function messages(c: AuthenticationConfiguration, disallowed: string[] = []): string {
  const { errors } = validateAuthenticationConfiguration(c, disallowed);
  return errors.length ? configurationError(errors).message : '';
}

describe('AuthenticationConfiguration decoding', () => {
  test('v1, v1beta1 and v1alpha1 are accepted; YAML and JSON alike', () => {
    for (const v of ['v1', 'v1beta1', 'v1alpha1']) {
      const c = parseAuthenticationConfiguration(`apiVersion: apiserver.config.k8s.io/${v}\nkind: AuthenticationConfiguration\njwt:\n- issuer:\n    url: https://a\n    audiences: [x]\n  claimMappings:\n    username:\n      claim: sub\n      prefix: ""\n`);
      assert.equal(c.jwt[0]!.issuer.url, 'https://a');
      assert.equal(c.jwt[0]!.claimMappings.username.prefix, '');
    }
    const j = parseAuthenticationConfiguration(JSON.stringify({ apiVersion: 'apiserver.config.k8s.io/v1', kind: 'AuthenticationConfiguration', anonymous: { enabled: true, conditions: [{ path: '/livez' }] } }));
    assert.deepEqual(j, { jwt: [], anonymous: { enabled: true, conditions: [{ path: '/livez' }] } });
  });

  test('strict decoding: unknown fields, wrong kinds and versions, empty data are errors', () => {
    assert.throws(
      () => parseAuthenticationConfiguration('apiVersion: apiserver.config.k8s.io/v1\nkind: AuthenticationConfiguration\njwt:\n- issuer:\n    url: https://a\n    bogus: 1\n'),
      { message: 'strict decoding error: unknown field "jwt[0].issuer.bogus"' },
    );
    assert.throws(() => parseAuthenticationConfiguration('apiVersion: apiserver.config.k8s.io/v2\nkind: AuthenticationConfiguration\n'), /no kind "AuthenticationConfiguration" is registered for version "apiserver.config.k8s.io\/v2"/);
    assert.throws(() => parseAuthenticationConfiguration('apiVersion: apiserver.config.k8s.io/v1\n'), /Object 'Kind' is missing/);
    assert.throws(() => parseAuthenticationConfiguration(''), { message: 'empty config data' });
    assert.throws(() => parseAuthenticationConfiguration('apiVersion: apiserver.config.k8s.io/v1\nkind: AuthenticationConfiguration\njwt: {}\n'), /cannot unmarshal object into Go struct field AuthenticationConfiguration.jwt/);
  });
});

describe('AuthenticationConfiguration validation (validation.go)', () => {
  test('a minimal configuration is valid; zero authenticators too', () => {
    assert.equal(messages({ jwt: [base()] }), '');
    assert.equal(messages({ jwt: [] }), '');
  });

  test('issuer URL: required, https, no user, query or fragment, not a disallowed issuer', () => {
    assert.equal(messages({ jwt: [base({ issuer: { url: '', audiences: ['a'] } })] }), 'invalid authentication configuration: jwt[0].issuer.url: Required value');
    assert.equal(messages({ jwt: [base({ issuer: { url: 'http://x', audiences: ['a'] } })] }), 'invalid authentication configuration: jwt[0].issuer.url: Invalid value: "http://x": URL scheme must be https');
    assert.equal(
      messages({ jwt: [base({ issuer: { url: 'https://u:p@x?a=b#f', audiences: ['a'] } })] }),
      'invalid authentication configuration: [jwt[0].issuer.url: Invalid value: "https://u:p@x?a=b#f": URL must not contain a username or password, jwt[0].issuer.url: Invalid value: "https://u:p@x?a=b#f": URL must not contain a query, jwt[0].issuer.url: Invalid value: "https://u:p@x?a=b#f": URL must not contain a fragment]',
    );
    assert.equal(
      messages({ jwt: [base({ issuer: { url: 'https://kubernetes.default.svc.cluster.local', audiences: ['a'] } })] }, ['https://kubernetes.default.svc.cluster.local']),
      'invalid authentication configuration: jwt[0].issuer.url: Invalid value: "https://kubernetes.default.svc.cluster.local": URL must not overlap with disallowed issuers: [https://kubernetes.default.svc.cluster.local]',
    );
  });

  test('duplicate issuers and discovery URLs; discoveryURL must differ from url', () => {
    const a = base({ issuer: { url: 'https://a', discoveryURL: 'https://d/.well-known/openid-configuration', audiences: ['x'] } });
    assert.equal(
      messages({ jwt: [a, structuredClone(a)] }),
      'invalid authentication configuration: [jwt[1].issuer.url: Duplicate value: "https://a", jwt[1].issuer.discoveryURL: Duplicate value: "https://d/.well-known/openid-configuration"]',
    );
    assert.equal(
      messages({ jwt: [base({ issuer: { url: 'https://a/', discoveryURL: 'https://a', audiences: ['x'] } })] }),
      'invalid authentication configuration: jwt[0].issuer.discoveryURL: Invalid value: "https://a": discoveryURL must be different from URL',
    );
  });

  test('audiences: at least one, no empties or duplicates, MatchAny for several', () => {
    assert.equal(messages({ jwt: [base({ issuer: { url: 'https://a', audiences: [] } })] }), 'invalid authentication configuration: jwt[0].issuer.audiences: Required value: at least one jwt[0].issuer.audiences is required');
    assert.equal(
      messages({ jwt: [base({ issuer: { url: 'https://a', audiences: ['x', 'x', ''] } })] }),
      'invalid authentication configuration: [jwt[0].issuer.audiences[1]: Duplicate value: "x", jwt[0].issuer.audiences[2]: Required value, jwt[0].issuer.audienceMatchPolicy: Invalid value: "": audienceMatchPolicy must be MatchAny for multiple audiences]',
    );
    assert.equal(messages({ jwt: [base({ issuer: { url: 'https://a', audiences: ['x', 'y'], audienceMatchPolicy: 'MatchAny' } })] }), '');
    assert.equal(
      messages({ jwt: [base({ issuer: { url: 'https://a', audiences: ['x'], audienceMatchPolicy: 'MatchAll' } })] }),
      'invalid authentication configuration: jwt[0].issuer.audienceMatchPolicy: Invalid value: "MatchAll": audienceMatchPolicy must be empty or MatchAny for single audience',
    );
  });

  test('certificateAuthority must hold certificates; egressSelectorType is controlplane or cluster', async () => {
    const ca = await createCertificateAuthority();
    assert.equal(messages({ jwt: [base({ issuer: { url: 'https://a', audiences: ['x'], certificateAuthority: ca.certPem } })] }), '');
    assert.equal(
      messages({ jwt: [base({ issuer: { url: 'https://a', audiences: ['x'], certificateAuthority: 'not a pem', egressSelectorType: 'nope' } })] }),
      'invalid authentication configuration: [jwt[0].issuer.certificateAuthority: Invalid value: "<omitted>": data does not contain any valid RSA or ECDSA certificates, jwt[0].issuer.egressSelectorType: Invalid value: "nope": egress selector must be either controlplane or cluster]',
    );
    const withEgress: AuthenticationConfiguration = { jwt: [base({ issuer: { url: 'https://a', audiences: ['x'], egressSelectorType: 'cluster' } })] };
    assert.equal(messages(withEgress), '');
    assert.equal(
      configurationError(validateAuthenticationConfiguration(withEgress, [], { egressSelector: false }).errors).message,
      'invalid authentication configuration: jwt[0].issuer.egressSelectorType: Invalid value: "cluster": egress selector is not supported when StructuredAuthenticationConfigurationEgressSelector feature gate is disabled',
    );
  });

  test('claim mappings: claim or expression, prefix required with claim and forbidden with expression', () => {
    assert.equal(messages({ jwt: [base({ claimMappings: { username: {} } })] }), 'invalid authentication configuration: jwt[0].claimMappings.username: Required value: claim or expression is required');
    assert.equal(
      messages({ jwt: [base({ claimMappings: { username: { claim: 'sub' } } })] }),
      'invalid authentication configuration: jwt[0].claimMappings.username.prefix: Required value: prefix is required when claim is set. It can be set to an empty string to disable prefixing',
    );
    assert.equal(
      messages({ jwt: [base({ claimMappings: { username: { claim: 'sub', expression: 'claims.sub', prefix: '' } } })] }),
      'invalid authentication configuration: jwt[0].claimMappings.username: Invalid value: "": claim and expression can\'t both be set',
    );
    assert.equal(
      messages({ jwt: [base({ claimMappings: { username: { expression: 'claims.sub', prefix: 'p:' } } })] }),
      'invalid authentication configuration: jwt[0].claimMappings.username.prefix: Invalid value: "p:": may not be specified when expression is set',
    );
    assert.equal(
      messages({ jwt: [base({ claimMappings: { username: { claim: 'sub', prefix: '' }, uid: { claim: 'sub', expression: 'claims.sub' } } })] }),
      'invalid authentication configuration: jwt[0].claimMappings.uid: Invalid value: "": claim and expression can\'t both be set',
    );
  });

  test('CEL: compile errors and non-bool validation rules are reported on the expression', () => {
    const out = messages({
      jwt: [
        base({
          claimMappings: { username: { expression: 'claims.sub +' } },
          claimValidationRules: [{ expression: 'claims.sub' }],
          userValidationRules: [{ expression: 'user.nope == 1' }],
        }),
      ],
    });
    assert.match(out, /jwt\[0\]\.claimMappings\.username\.expression: Invalid value: "claims\.sub \+": compilation failed: ERROR: <input>:1:/);
    assert.match(out, /jwt\[0\]\.claimValidationRules\[0\]\.expression: Invalid value: "claims\.sub": must evaluate to bool/);
    assert.match(out, /jwt\[0\]\.userValidationRules\[0\]\.expression: Invalid value: "user\.nope == 1": compilation failed: /);
  });

  test('claim validation rules: claim xor expression, no message with claim, no requiredValue with expression, no duplicates', () => {
    assert.equal(
      messages({
        jwt: [
          base({
            claimValidationRules: [
              { claim: 'a', expression: 'true' },
              {},
              { claim: 'b', message: 'm' },
              { claim: 'b' },
              { expression: 'true', requiredValue: 'v' },
              { expression: 'true' },
            ],
          }),
        ],
      }),
      'invalid authentication configuration: [jwt[0].claimValidationRules[0]: Invalid value: "a": claim and expression can\'t both be set, jwt[0].claimValidationRules[1]: Required value: claim or expression is required, jwt[0].claimValidationRules[2].message: Invalid value: "m": may not be specified when claim is set, jwt[0].claimValidationRules[3].claim: Duplicate value: "b", jwt[0].claimValidationRules[4].requiredValue: Invalid value: "v": may not be specified when expression is set, jwt[0].claimValidationRules[5].expression: Duplicate value: "true"]',
    );
  });

  test('extra keys: domain-prefixed, lowercase, not reserved, unique, with a value expression', () => {
    assert.equal(
      messages({
        jwt: [
          base({
            claimMappings: {
              username: { claim: 'sub', prefix: '' },
              extra: [
                { key: 'foo', valueExpression: 'claims.a' },
                { key: 'Example.org/Foo', valueExpression: 'claims.a' },
                { key: 'kubernetes.io/foo', valueExpression: 'claims.a' },
                { key: 'example.org/foo', valueExpression: '' },
                { key: 'example.org/bar', valueExpression: 'claims.a' },
                { key: 'example.org/bar', valueExpression: 'claims.b' },
              ],
            },
          }),
        ],
      }),
      'invalid authentication configuration: [jwt[0].claimMappings.extra[0].key: Invalid value: "foo": must be a domain-prefixed path (such as "acme.io/foo"), ' +
        'jwt[0].claimMappings.extra[1].key: Invalid value: "Example.org": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\'), ' +
        'jwt[0].claimMappings.extra[1].key: Invalid value: "Example.org/Foo": must be lowercase, ' +
        'jwt[0].claimMappings.extra[2].key: Invalid value: "kubernetes.io/foo": k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use, ' +
        'jwt[0].claimMappings.extra[3].valueExpression: Required value, ' +
        'jwt[0].claimMappings.extra[5].key: Duplicate value: "example.org/bar"]',
    );
  });

  test('claims.email in the username expression needs claims.email_verified somewhere', () => {
    const emailOnly = base({ claimMappings: { username: { expression: 'claims.email' } } });
    assert.equal(
      messages({ jwt: [emailOnly] }),
      'invalid authentication configuration: jwt[0].claimMappings.username.expression: Invalid value: "claims.email": claims.email_verified must be used in claimMappings.username.expression or claimMappings.extra[*].valueExpression or claimValidationRules[*].expression when claims.email is used in claimMappings.username.expression',
    );
    assert.equal(messages({ jwt: [base({ claimMappings: { username: { expression: "claims.email_verified ? claims.email : ''" } } })] }), '');
    assert.equal(messages({ jwt: [{ ...emailOnly, claimValidationRules: [{ expression: 'claims.?email_verified.orValue(true) == true' }] }] }), '');
    assert.equal(messages({ jwt: [base({ claimMappings: { username: { expression: 'claims["email"]' } } })] }), '', 'index access is not a select, as upstream');
  });

  test('selectsClaim follows selects, optional selects and has(), not string literals', () => {
    assert.ok(selectsClaim('has(claims.email) ? claims.email : ""', 'email'));
    assert.ok(selectsClaim('claims.?email.orValue("")', 'email'));
    assert.ok(!selectsClaim('claims.email_verified', 'email'));
    assert.ok(!selectsClaim('"claims.email"', 'email'));
    assert.ok(!selectsClaim('notclaims.email', 'email'));
  });

  test('more than 64 authenticators', () => {
    const many = Array.from({ length: 65 }, (_, i) => base({ issuer: { url: `https://i${i}`, audiences: ['a'] } }));
    assert.equal(messages({ jwt: many }), 'invalid authentication configuration: jwt: Too many: 65: must have at most 64 items');
  });

  test('anonymous: conditions need enabled; the section and --anonymous-auth are exclusive', () => {
    assert.equal(
      messages({ jwt: [], anonymous: { enabled: false, conditions: [{ path: '/livez' }] } }),
      'invalid authentication configuration: anonymous.conditions: Invalid value: [{"path":"/livez"}]: enabled should be set to true when conditions are defined',
    );
    assert.throws(() => resolveAnonymous({ enabled: true }, { value: false, set: true }), {
      message: 'anonymous: Forbidden: --anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file',
    });
    assert.deepEqual(resolveAnonymous({ enabled: true, conditions: [{ path: '/healthz' }] }, { value: true, set: false }), { enabled: true, conditions: [{ path: '/healthz' }] });
    assert.deepEqual(resolveAnonymous(undefined, { value: false, set: true }), { enabled: false });
  });
});

describe('--oidc-* flags (pkg/kubeapiserver/options/authentication.go)', () => {
  test('become one JWT authenticator with the legacy username prefix rules', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skiff-oidc-flags-'));
    writeFileSync(join(dir, 'ca.pem'), 'PEM');
    assert.deepEqual(jwtAuthenticatorFromFlags({ issuerUrl: 'https://i', clientId: 'c' }), {
      issuer: { url: 'https://i', audiences: ['c'] },
      claimMappings: { username: { claim: 'sub', prefix: 'https://i#' } },
    });
    assert.equal(jwtAuthenticatorFromFlags({ issuerUrl: 'https://i', clientId: 'c', usernameClaim: 'email' }).claimMappings.username.prefix, '');
    assert.equal(jwtAuthenticatorFromFlags({ issuerUrl: 'https://i', clientId: 'c', usernamePrefix: '-' }).claimMappings.username.prefix, '');
    assert.deepEqual(
      jwtAuthenticatorFromFlags({ issuerUrl: 'https://i', clientId: 'c', usernamePrefix: 'oidc:', groupsClaim: 'groups', groupsPrefix: 'g:', requiredClaims: { hd: 'example.com' }, caFile: join(dir, 'ca.pem') }),
      {
        issuer: { url: 'https://i', audiences: ['c'], certificateAuthority: 'PEM' },
        claimMappings: { username: { claim: 'sub', prefix: 'oidc:' }, groups: { claim: 'groups', prefix: 'g:' } },
        claimValidationRules: [{ claim: 'hd', requiredValue: 'example.com' }],
      },
    );
  });

  test('flag parsing and validation: defaults, repeatable required claims, exclusivity', () => {
    const p = parseFlags(['--oidc-issuer-url=https://i', '--oidc-client-id=c', '--oidc-required-claim=a=b,c', '--oidc-required-claim', 'd=e']);
    assert.deepEqual(p.options.oidcRequiredClaim, { a: 'b,c', d: 'e' });
    assert.equal(p.options.oidcUsernameClaim, 'sub');
    assert.deepEqual(p.options.oidcSigningAlgs, ['RS256']);
    assert.equal(p.options.authenticationTokenWebhookVersion, 'v1beta1');
    assert.equal(p.options.authenticationTokenWebhookCacheTtl, 120_000);
    assert.deepEqual(validateServerFlags(p.options, [], p.changed), []);
    const half = parseFlags(['--oidc-issuer-url=https://i']);
    assert.deepEqual(validateServerFlags(half.options, [], half.changed), ['oidc-issuer-url and oidc-client-id must be specified together when any oidc-* flags are set']);
    const both = parseFlags(['--authentication-config=/x', '--oidc-username-claim=email']);
    assert.deepEqual(validateServerFlags(both.options, [], both.changed), ['authentication-config file and oidc-* flags are mutually exclusive']);
    const gated = parseFlags(['--authentication-config=/x', '--feature-gates=StructuredAuthenticationConfiguration=false']);
    assert.deepEqual(validateServerFlags(gated.options, [], gated.changed), ['set --feature-gates=StructuredAuthenticationConfiguration=true to use authentication-config file']);
    assert.throws(() => parseFlags(['--oidc-required-claim=novalue']), /invalid argument "novalue" for "--oidc-required-claim" flag: malformed pair, expect string=string/);
  });
});
