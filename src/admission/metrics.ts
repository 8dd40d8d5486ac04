// The admission metrics of k8s.io/apiserver pkg/admission/metrics/metrics.go (the chain's
// steps and plugins, each webhook call, matchConditions) and of
// pkg/admission/plugin/policy/validating/metrics/metrics.go (ValidatingAdmissionPolicy
// checks). One instance per server registry.

import type { MetricsRegistry } from '../metrics/registry.js';

export type AdmissionStep = 'admit' | 'validate';
/** The `type` label of webhook metrics: upstream's mutating dispatcher says "admit", the validating one "validating". */
export type WebhookType = 'admit' | 'validating';
/** WebhookRejectionErrorType. */
export type WebhookRejectionErrorType = 'calling_webhook_error' | 'apiserver_internal_error' | 'no_error';
/** The `kind` of what holds matchConditions. */
export type MatchConditionKind = 'webhook' | 'policy';
/** ValidationErrorType of policy checks. */
export type PolicyCheckErrorType = 'compile_error' | 'invalid_error' | 'out_of_budget' | 'no_error';
export type PolicyEnforcementAction = 'allow' | 'deny' | 'audit' | 'warn';

const BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5];
const WEBHOOK_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5, 10, 25];
const MATCH_CONDITION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.1, 0.2, 0.25];
const POLICY_CHECK_BUCKETS = [0.0000005, 0.001, 0.01, 0.1, 1.0];

/** HTTP codes above 600 are truncated to keep the label's cardinality bounded. */
const boundedCode = (code: number): string => String(Math.min(code, 600));

/** What one evaluation of a set of matchConditions came to (for the match condition metrics). */
export interface MatchConditionObservation {
  /** Conditions that failed to evaluate (before the first false one). */
  errors: number;
  /** A condition was false: the request is excluded. */
  excluded: boolean;
  seconds: number;
}

export class AdmissionMetrics {
  private readonly step;
  private readonly controller;
  private readonly webhook;
  private readonly webhookRejection;
  private readonly webhookFailOpen;
  private readonly webhookRequest;
  private readonly matchConditionErrors;
  private readonly matchConditionExclusions;
  private readonly matchConditionSeconds;
  private readonly policyCheck;
  private readonly policyCheckSeconds;

  constructor(reg: MetricsRegistry) {
    this.step = reg.histogram({
      name: 'apiserver_admission_step_admission_duration_seconds', stability: 'STABLE', labelNames: ['type', 'operation', 'rejected'] as const, buckets: BUCKETS,
      help: 'Admission sub-step latency histogram in seconds, broken out for each operation and API resource and step type (validate or admit).',
    });
    this.controller = reg.histogram({
      name: 'apiserver_admission_controller_admission_duration_seconds', stability: 'STABLE', labelNames: ['name', 'type', 'operation', 'rejected'] as const, buckets: BUCKETS,
      help: 'Admission controller latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
    });
    this.webhook = reg.histogram({
      name: 'apiserver_admission_webhook_admission_duration_seconds', stability: 'STABLE', labelNames: ['name', 'type', 'operation', 'rejected'] as const, buckets: WEBHOOK_BUCKETS,
      help: 'Admission webhook latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
    });
    this.webhookRejection = reg.counter({
      name: 'apiserver_admission_webhook_rejection_count', stability: 'ALPHA', labelNames: ['name', 'type', 'operation', 'error_type', 'rejection_code'] as const,
      help: 'Admission webhook rejection count, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify an error type (calling_webhook_error or apiserver_internal_error if an error occurred; no_error otherwise) and optionally a non-zero rejection code if the webhook rejects the request with an HTTP status code (honored by the apiserver when the code is greater or equal to 400). Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
    });
    this.webhookFailOpen = reg.counter({
      name: 'apiserver_admission_webhook_fail_open_count', stability: 'ALPHA', labelNames: ['name', 'type'] as const,
      help: 'Admission webhook fail open count, identified by name and broken out for each admission type (validating or admit).',
    });
    this.webhookRequest = reg.counter({
      name: 'apiserver_admission_webhook_request_total', stability: 'ALPHA', labelNames: ['name', 'type', 'operation', 'code', 'rejected'] as const,
      help: 'Admission webhook request total, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify whether the request was rejected or not and an HTTP status code. Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
    });
    this.matchConditionErrors = reg.counter({
      name: 'apiserver_admission_match_condition_evaluation_errors_total', stability: 'ALPHA', labelNames: ['name', 'kind', 'type', 'operation'] as const,
      help: 'Admission match condition evaluation errors count, identified by name of resource containing the match condition and broken out for each kind containing matchConditions (webhook or policy), operation and admission type (validate or admit).',
    });
    this.matchConditionExclusions = reg.counter({
      name: 'apiserver_admission_match_condition_exclusions_total', stability: 'ALPHA', labelNames: ['name', 'kind', 'type', 'operation'] as const,
      help: 'Admission match condition evaluation exclusions count, identified by name of resource containing the match condition and broken out for each kind containing matchConditions (webhook or policy), operation and admission type (validate or admit).',
    });
    this.matchConditionSeconds = reg.histogram({
      name: 'apiserver_admission_match_condition_evaluation_seconds', stability: 'ALPHA', labelNames: ['name', 'kind', 'type', 'operation'] as const, buckets: MATCH_CONDITION_BUCKETS,
      help: 'Admission match condition evaluation time in seconds, identified by name and broken out for each kind containing matchConditions (webhook or policy), operation and type (validate or admit).',
    });
    this.policyCheck = reg.counter({
      name: 'apiserver_validating_admission_policy_check_total', stability: 'BETA', labelNames: ['policy', 'policy_binding', 'error_type', 'enforcement_action'] as const,
      help: 'Validation admission policy check total, labeled by policy and further identified by binding and enforcement action taken.',
    });
    this.policyCheckSeconds = reg.histogram({
      name: 'apiserver_validating_admission_policy_check_duration_seconds', stability: 'BETA', labelNames: ['policy', 'policy_binding', 'error_type', 'enforcement_action'] as const, buckets: POLICY_CHECK_BUCKETS,
      help: 'Validation admission latency for individual validation expressions in seconds, labeled by policy and further including binding and enforcement action taken.',
    });
  }

  observeStep(type: AdmissionStep, operation: string, rejected: boolean, seconds: number): void {
    this.step.observe({ type, operation, rejected: String(rejected) }, seconds);
  }

  observePlugin(name: string, type: AdmissionStep, operation: string, rejected: boolean, seconds: number): void {
    this.controller.observe({ name, type, operation, rejected: String(rejected) }, seconds);
  }

  /** ObserveWebhook: one call's outcome (code 200 when admitted, the error's code otherwise, 0 for internal errors). */
  observeWebhook(name: string, type: WebhookType, operation: string, rejected: boolean, code: number, seconds: number): void {
    this.webhookRequest.inc({ name, type, operation, code: boundedCode(code), rejected: String(rejected) });
    this.webhook.observe({ name, type, operation, rejected: String(rejected) }, seconds);
  }

  observeWebhookRejection(name: string, type: WebhookType, operation: string, errorType: WebhookRejectionErrorType, code: number): void {
    this.webhookRejection.inc({ name, type, operation, error_type: errorType, rejection_code: boundedCode(code) });
  }

  observeWebhookFailOpen(name: string, type: WebhookType): void {
    this.webhookFailOpen.inc({ name, type });
  }

  /** matcher.Match's observations: each evaluation error, an exclusion, and the evaluation time. */
  observeMatchConditions(name: string, kind: MatchConditionKind, type: string, operation: string, o: MatchConditionObservation): void {
    const labels = { name, kind, type, operation };
    if (o.errors > 0) this.matchConditionErrors.inc(labels, o.errors);
    if (o.excluded) this.matchConditionExclusions.inc(labels);
    this.matchConditionSeconds.observe(labels, o.seconds);
  }

  observePolicyCheck(policy: string, binding: string, errorType: PolicyCheckErrorType, action: PolicyEnforcementAction, seconds: number): void {
    const labels = { policy, policy_binding: binding, error_type: errorType, enforcement_action: action };
    this.policyCheck.inc(labels);
    this.policyCheckSeconds.observe(labels, seconds);
  }
}
