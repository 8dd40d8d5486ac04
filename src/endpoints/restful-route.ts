// go-restful's route selection once a path matched (emicklei/go-restful jsr311.go
// detectRoute): the method, then the Accept header against what the route produces. A miss
// reaches kube-apiserver's ServiceErrorHandler, which writes it as a negotiated Status.
import { methodNotAllowed, routeNotAcceptable } from '../apimachinery/errors.js';
import { routeAccepts } from '../encoding/negotiate.js';
import { header, type Ctx } from '../server/http.js';

/** Refuses the request unless its Accept names a type the route produces (or none, or any). */
export function selectRouteByAccept(ctx: Ctx, produces: readonly string[]): void {
  if (!routeAccepts(header(ctx.req, 'accept'), produces)) throw routeNotAcceptable(produces);
}

/** A GET-only route: the method first, then Accept. */
export function selectGetRoute(ctx: Ctx, produces: readonly string[]): void {
  if (ctx.method !== 'GET') throw methodNotAllowed();
  selectRouteByAccept(ctx, produces);
}
