// The admission metrics of k8s.io/apiserver pkg/admission/metrics/metrics.go (the chain's
// steps and plugins, each webhook call, matchConditions) and of
// pkg/admission/plugin/policy/validating/metrics/metrics.go (ValidatingAdmissionPolicy
// checks) and pkg/admission/plugin/policy/mutating/metrics/metrics.go (each
// MutatingAdmissionPolicy mutation). One instance per server registry.

import type { Counter, Histogram } from 'prom-client';
import type { HistogramOpts, MetricOpts, MetricsRegistry } from '../metrics/registry.js';

export type AdmissionStep = 'admit' | 'validate';
/** The `type` label of webhook metrics: upstream's mutating dispatcher says "admit", the validating one "validating". */
export type WebhookType = 'admit' | 'validating';
/** WebhookRejectionErrorType. */
export type WebhookRejectionErrorType = 'calling_webhook_error' | 'apiserver_internal_error' | 'no_error';
/** The `kind` of what holds matchConditions. */
export type MatchConditionKind = 'webhook' | 'policy';
/** ValidationErrorType of policy checks. */
export type PolicyCheckErrorType = 'compile_error' | 'invalid_error' | 'out_of_budget' | 'no_error';
/** MutationErrorType: upstream spells the same four values as PolicyCheckErrorType. */
export type MutationErrorType = PolicyCheckErrorType;
export type PolicyEnforcementAction = 'allow' | 'deny' | 'audit' | 'warn';

const BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5];
const WEBHOOK_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5, 10, 25];
const MATCH_CONDITION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.1, 0.2, 0.25];
/** Both policy plugins' CEL expression buckets (180 ns to 760 ms in upstream's benchmark). */
const POLICY_CHECK_BUCKETS = [0.0000005, 0.001, 0.01, 0.1, 1.0];

const LATENCY_LABELS = ['name', 'type', 'operation', 'rejected'] as const;
const MATCH_CONDITION_LABELS = ['name', 'kind', 'type', 'operation'] as const;
const POLICY_CHECK_LABELS = ['policy', 'policy_binding', 'error_type', 'enforcement_action'] as const;
const MUTATION_CHECK_LABELS = ['policy', 'policy_binding', 'error_type'] as const;

const COUNTERS = {
  webhookRejection: {
    name: 'apiserver_admission_webhook_rejection_count', stability: 'ALPHA', labelNames: ['name', 'type', 'operation', 'error_type', 'rejection_code'],
    help: 'Admission webhook rejection count, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify an error type (calling_webhook_error or apiserver_internal_error if an error occurred; no_error otherwise) and optionally a non-zero rejection code if the webhook rejects the request with an HTTP status code (honored by the apiserver when the code is greater or equal to 400). Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
  },
  webhookFailOpen: {
    name: 'apiserver_admission_webhook_fail_open_count', stability: 'ALPHA', labelNames: ['name', 'type'],
    help: 'Admission webhook fail open count, identified by name and broken out for each admission type (validating or admit).',
  },
  webhookRequest: {
    name: 'apiserver_admission_webhook_request_total', stability: 'ALPHA', labelNames: ['name', 'type', 'operation', 'code', 'rejected'],
    help: 'Admission webhook request total, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify whether the request was rejected or not and an HTTP status code. Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
  },
  matchConditionErrors: {
    name: 'apiserver_admission_match_condition_evaluation_errors_total', stability: 'ALPHA', labelNames: MATCH_CONDITION_LABELS,
    help: 'Admission match condition evaluation errors count, identified by name of resource containing the match condition and broken out for each kind containing matchConditions (webhook or policy), operation and admission type (validate or admit).',
  },
  matchConditionExclusions: {
    name: 'apiserver_admission_match_condition_exclusions_total', stability: 'ALPHA', labelNames: MATCH_CONDITION_LABELS,
    help: 'Admission match condition evaluation exclusions count, identified by name of resource containing the match condition and broken out for each kind containing matchConditions (webhook or policy), operation and admission type (validate or admit).',
  },
} as const satisfies Record<string, MetricOpts<string>>;

const HISTOGRAMS = {
  step: {
    name: 'apiserver_admission_step_admission_duration_seconds', stability: 'STABLE', labelNames: ['type', 'operation', 'rejected'], buckets: BUCKETS,
    help: 'Admission sub-step latency histogram in seconds, broken out for each operation and API resource and step type (validate or admit).',
  },
  controller: {
    name: 'apiserver_admission_controller_admission_duration_seconds', stability: 'STABLE', labelNames: LATENCY_LABELS, buckets: BUCKETS,
    help: 'Admission controller latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
  },
  webhook: {
    name: 'apiserver_admission_webhook_admission_duration_seconds', stability: 'STABLE', labelNames: LATENCY_LABELS, buckets: WEBHOOK_BUCKETS,
    help: 'Admission webhook latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
  },
  matchConditionSeconds: {
    name: 'apiserver_admission_match_condition_evaluation_seconds', stability: 'ALPHA', labelNames: MATCH_CONDITION_LABELS, buckets: MATCH_CONDITION_BUCKETS,
    help: 'Admission match condition evaluation time in seconds, identified by name and broken out for each kind containing matchConditions (webhook or policy), operation and type (validate or admit).',
  },
} as const satisfies Record<string, HistogramOpts<string>>;

/**
 * Each policy plugin's check metrics: `<prefix>_total` and `<prefix>_duration_seconds`
 * (POLICY_CHECK_BUCKETS), both with the plugin's stability and labels.
 */
const POLICY_CHECKS = {
  validating: {
    prefix: 'apiserver_validating_admission_policy_check', stability: 'BETA', labelNames: POLICY_CHECK_LABELS,
    totalHelp: 'Validation admission policy check total, labeled by policy and further identified by binding and enforcement action taken.',
    secondsHelp: 'Validation admission latency for individual validation expressions in seconds, labeled by policy and further including binding and enforcement action taken.',
  },
  mutating: {
    prefix: 'apiserver_mutating_admission_policy_check', stability: 'ALPHA', labelNames: MUTATION_CHECK_LABELS,
    totalHelp: 'Mutation admission policy check total, labeled by policy and further identified by binding.',
    secondsHelp: 'Mutation admission latency for individual mutation expressions in seconds, labeled by policy and binding.',
  },
} as const;

type Labels<T> = T extends { labelNames: readonly (infer L)[] } ? Extract<L, string> : never;
type Counters = { [K in keyof typeof COUNTERS]: Counter<Labels<(typeof COUNTERS)[K]>> };
type Histograms = { [K in keyof typeof HISTOGRAMS]: Histogram<Labels<(typeof HISTOGRAMS)[K]>> };
type PolicyTotals = { [K in keyof typeof POLICY_CHECKS]: Counter<Labels<(typeof POLICY_CHECKS)[K]>> };
type PolicySeconds = { [K in keyof typeof POLICY_CHECKS]: Histogram<Labels<(typeof POLICY_CHECKS)[K]>> };

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
  private readonly counters: Counters;
  private readonly histograms: Histograms;
  private readonly policyTotals: PolicyTotals;
  private readonly policySeconds: PolicySeconds;

  // Registered in this order so the exposition lists every counter before the histograms.
  constructor(reg: MetricsRegistry) {
    const policyChecks = Object.entries(POLICY_CHECKS);
    this.counters = Object.fromEntries(Object.entries(COUNTERS).map(([key, opts]) => [key, reg.counter(opts)])) as Counters;
    this.policyTotals = Object.fromEntries(
      policyChecks.map(([key, { prefix, stability, labelNames, totalHelp }]) => [key, reg.counter({ name: `${prefix}_total`, stability, labelNames, help: totalHelp })]),
    ) as PolicyTotals;
    this.histograms = Object.fromEntries(Object.entries(HISTOGRAMS).map(([key, opts]) => [key, reg.histogram(opts)])) as Histograms;
    this.policySeconds = Object.fromEntries(
      policyChecks.map(([key, { prefix, stability, labelNames, secondsHelp }]) => [
        key,
        reg.histogram({ name: `${prefix}_duration_seconds`, stability, labelNames, buckets: POLICY_CHECK_BUCKETS, help: secondsHelp }),
      ]),
    ) as PolicySeconds;
  }

  observeStep(type: AdmissionStep, operation: string, rejected: boolean, seconds: number): void {
    this.histograms.step.observe({ type, operation, rejected: String(rejected) }, seconds);
  }

  observePlugin(name: string, type: AdmissionStep, operation: string, rejected: boolean, seconds: number): void {
    this.histograms.controller.observe({ name, type, operation, rejected: String(rejected) }, seconds);
  }

  /** ObserveWebhook: one call's outcome (code 200 when admitted, the error's code otherwise, 0 for internal errors). */
  observeWebhook(name: string, type: WebhookType, operation: string, rejected: boolean, code: number, seconds: number): void {
    this.counters.webhookRequest.inc({ name, type, operation, code: boundedCode(code), rejected: String(rejected) });
    this.histograms.webhook.observe({ name, type, operation, rejected: String(rejected) }, seconds);
  }

  observeWebhookRejection(name: string, type: WebhookType, operation: string, errorType: WebhookRejectionErrorType, code: number): void {
    this.counters.webhookRejection.inc({ name, type, operation, error_type: errorType, rejection_code: boundedCode(code) });
  }

  observeWebhookFailOpen(name: string, type: WebhookType): void {
    this.counters.webhookFailOpen.inc({ name, type });
  }

  /** matcher.Match's observations: each evaluation error, an exclusion, and the evaluation time. */
  observeMatchConditions(name: string, kind: MatchConditionKind, type: string, operation: string, o: MatchConditionObservation): void {
    const labels = { name, kind, type, operation };
    if (o.errors > 0) this.counters.matchConditionErrors.inc(labels, o.errors);
    if (o.excluded) this.counters.matchConditionExclusions.inc(labels);
    this.histograms.matchConditionSeconds.observe(labels, o.seconds);
  }

  observePolicyCheck(policy: string, binding: string, errorType: PolicyCheckErrorType, action: PolicyEnforcementAction, seconds: number): void {
    const labels = { policy, policy_binding: binding, error_type: errorType, enforcement_action: action };
    this.policyTotals.validating.inc(labels);
    this.policySeconds.validating.observe(labels, seconds);
  }

  /** ObserveAdmission and ObserveRejection alike: one mutation's evaluation, whatever became of its error. */
  observeMutationCheck(policy: string, binding: string, errorType: MutationErrorType, seconds: number): void {
    const labels = { policy, policy_binding: binding, error_type: errorType };
    this.policyTotals.mutating.inc(labels);
    this.policySeconds.mutating.observe(labels, seconds);
  }
}
