// apiserver_authorization_decisions_total{type,name,decision}
// (staging/src/k8s.io/apiserver/pkg/authorization/metrics/metrics.go): terminal decisions of each
// configured authorizer; the system:masters short-cut in front of the chain is not counted.

import type { MetricsRegistry } from './registry.js';

export type DecisionRecorder = (authorizerType: string, authorizerName: string, decision: 'allowed' | 'denied') => void;

export function authorizationDecisions(metrics: MetricsRegistry): DecisionRecorder {
  const counter = metrics.counter<'type' | 'name' | 'decision'>({
    name: 'apiserver_authorization_decisions_total',
    help: 'Total number of terminal decisions made by an authorizer split by authorizer type, name, and decision.',
    labelNames: ['type', 'name', 'decision'],
    stability: 'ALPHA',
  });
  return (type, name, decision) => counter.inc({ type, name, decision });
}
