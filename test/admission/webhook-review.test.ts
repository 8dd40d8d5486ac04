// The AdmissionReview codec's checks of a webhook's answer (k8s.io/apiserver
// pkg/admission/plugin/webhook/request/admissionreview.go VerifyAdmissionResponse) and the
// rejection Status (pkg/admission/plugin/webhook/errors/statuserror.go ToStatusErr).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { negotiateReviewVersion, verifyResponse } from '../../src/admission/webhook/review.js';
import { rejectionError } from '../../src/admission/webhook/errors.js';

const v1 = (response: unknown) => ({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response });
const patch = Buffer.from('[]').toString('base64');

describe('AdmissionReview responses (request/admissionreview.go)', () => {
  it('negotiates the first known version', () => {
    assert.equal(negotiateReviewVersion(['v2', 'v1beta1', 'v1']), 'v1beta1');
    assert.equal(negotiateReviewVersion(['v2']), undefined);
  });

  it('v1: uid, apiVersion/kind, patch and patchType are checked', () => {
    assert.throws(() => verifyResponse('v1', 'u', true, { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }), /^Error: webhook response was absent$/);
    assert.throws(() => verifyResponse('v1', 'u', true, v1({ uid: 'x', allowed: true })), /^Error: expected response.uid="u", got "x"$/);
    assert.throws(
      () => verifyResponse('v1', 'u', true, { apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { uid: 'u', allowed: true } }),
      /^Error: expected webhook response of admission.k8s.io\/v1, Kind=AdmissionReview, got admission.k8s.io\/v1beta1, Kind=AdmissionReview$/,
    );
    assert.throws(() => verifyResponse('v1', 'u', true, v1({ uid: 'u', allowed: true, patch })), /webhook returned response.patch but not response.patchType/);
    assert.throws(() => verifyResponse('v1', 'u', true, v1({ uid: 'u', allowed: true, patchType: 'JSONPatch' })), /webhook returned response.patchType but not response.patch/);
    assert.throws(() => verifyResponse('v1', 'u', false, v1({ uid: 'u', allowed: true, patch, patchType: 'JSONPatch' })), /validating webhook may not return response.patch$/);
    assert.throws(() => verifyResponse('v1', 'u', false, v1({ uid: 'u', allowed: true, patchType: 'JSONPatch' })), /validating webhook may not return response.patchType/);
    assert.throws(() => verifyResponse('v1', 'u', true, v1({ uid: 'u', allowed: true, patch: '!!', patchType: 'JSONPatch' })), /illegal base64 data at input byte 0/);
    const ok = verifyResponse('v1', 'u', true, v1({ uid: 'u', allowed: true, patch, patchType: 'JSONPatch', warnings: ['w'], auditAnnotations: { k: 'v' } }));
    assert.deepEqual([ok.allowed, ok.patch?.toString(), ok.patchType, ok.warnings, ok.auditAnnotations], [true, '[]', 'JSONPatch', ['w'], { k: 'v' }]);
  });

  it('v1beta1: no uid or kind check; a patch is JSONPatch; a validating webhook patch is ignored', () => {
    const r = verifyResponse('v1beta1', 'u', true, { response: { allowed: true, patch } });
    assert.deepEqual([r.patchType, r.patch?.toString()], ['JSONPatch', '[]']);
    assert.equal(verifyResponse('v1beta1', 'u', false, { response: { allowed: true, patch } }).patch, undefined);
  });
});

describe('rejection Status (errors/statuserror.go ToStatusErr)', () => {
  it('message, then reason, then "without explanation"; codes under 400 become 400', () => {
    assert.deepEqual(rejectionError('w.x.y', { code: 422, message: 'bad', reason: 'Invalid' }).status, {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'admission webhook "w.x.y" denied the request: bad', reason: 'Invalid', code: 422,
    });
    assert.equal(rejectionError('w.x.y', { reason: 'NotAllowed' }).status.message, 'admission webhook "w.x.y" denied the request: NotAllowed');
    const bare = rejectionError('w.x.y', undefined).status;
    assert.deepEqual([bare.code, bare.message], [400, 'admission webhook "w.x.y" denied the request without explanation']);
  });
});
