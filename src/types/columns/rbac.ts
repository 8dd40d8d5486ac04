// rbac.authorization.k8s.io printers: RoleBinding and ClusterRoleBinding (Role and
// ClusterRole use the default table).

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, str } from './format.js';

/** rbac.SubjectsStrings: users, groups and "namespace/name" service accounts. */
function subjects(o: Obj): { users: string[]; groups: string[]; sas: string[] } {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of arr(o.subjects)) {
    switch (s?.kind) {
      case 'ServiceAccount':
        sas.push(`${str(s.namespace)}/${str(s.name)}`);
        break;
      case 'User':
        users.push(str(s.name));
        break;
      case 'Group':
        groups.push(str(s.name));
        break;
    }
  }
  return { users, groups, sas };
}

function bindingColumns(roleRefDoc: string, what: string): TableColumn[] {
  return [
    col('Role', 'string', roleRefDoc, (o) => `${str(o.roleRef?.kind)}/${str(o.roleRef?.name)}`),
    ageColumn(),
    col('Users', 'string', `Users in the ${what}`, (o) => subjects(o).users.join(', '), 1),
    col('Groups', 'string', `Groups in the ${what}`, (o) => subjects(o).groups.join(', '), 1),
    col('ServiceAccounts', 'string', `ServiceAccounts in the ${what}`, (o) => subjects(o).sas.join(', '), 1),
  ];
}

export const roleBindingColumns = bindingColumns(DOCS['v1.RoleBinding.roleRef'], 'roleBinding');
export const clusterRoleBindingColumns = bindingColumns(DOCS['v1.ClusterRoleBinding.roleRef'], 'clusterRoleBinding');
