// authorization/metrics InstrumentedAuthorizer: counts an authorizer's allow and deny
// decisions (no opinion is not a decision) under its configured type and name.

import type { DecisionRecorder } from '../metrics/authz.js';
import type { Authorizer } from './types.js';

export function instrumentedAuthorizer(type: string, name: string, delegate: Authorizer, record: DecisionRecorder): Authorizer {
  return {
    async authorize(a) {
      const r = await delegate.authorize(a);
      if (r.decision === 'allow') record(type, name, 'allowed');
      else if (r.decision === 'deny') record(type, name, 'denied');
      return r;
    },
  };
}
