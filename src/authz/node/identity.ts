// Which node a user is (upstream pkg/auth/nodeidentifier): user system:node:<name> in group system:nodes.

import type { UserInfo } from '../../authn/types.js';

export const NODES_GROUP = 'system:nodes';
const NODE_USER_PREFIX = 'system:node:';

/** The node's name ('' for a node whose name is empty), or undefined when the user is not a node. */
export function nodeIdentity(user: UserInfo | undefined): string | undefined {
  if (!user || !user.username.startsWith(NODE_USER_PREFIX)) return undefined;
  if (!user.groups.includes(NODES_GROUP)) return undefined;
  return user.username.slice(NODE_USER_PREFIX.length);
}
