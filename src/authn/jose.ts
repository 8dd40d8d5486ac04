// jose, loaded when a token is first verified: its modules cost every start ~4 ms, and a server
// that never sees a service account token or an OIDC issuer never needs them.
type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

export function jose(): Promise<Jose> {
  return (loading ??= import('jose'));
}
