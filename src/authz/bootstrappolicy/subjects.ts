// Binding subjects as upstream's rbacv1helpers binding builders write them.

export interface Subject {
  kind: 'User' | 'Group' | 'ServiceAccount';
  apiGroup?: string;
  name: string;
  namespace?: string;
}

const RBAC_GROUP = 'rbac.authorization.k8s.io';

export const user = (name: string): Subject => ({ kind: 'User', apiGroup: RBAC_GROUP, name });
export const group = (name: string): Subject => ({ kind: 'Group', apiGroup: RBAC_GROUP, name });
export const serviceAccount = (namespace: string, name: string): Subject => ({ kind: 'ServiceAccount', name, namespace });
