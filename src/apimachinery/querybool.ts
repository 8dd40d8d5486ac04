// Boolean query parameters, parsed as upstream parses them. Two rules exist upstream:
//   - parameters converted into option structs (watch, allowWatchBookmarks,
//     sendInitialEvents, force, orphanDependents, …) go through
//     k8s.io/apimachinery/pkg/runtime/conversion.go Convert_Slice_string_To_bool:
//     only "0" and "false" (any case) are false; anything else, "" and "yes" included,
//     is true, so no value is ever a conversion error;
//   - `pretty` goes through strconv.ParseBool (k8s.io/apiserver
//     pkg/endpoints/handlers/negotiation/negotiate.go isPrettyPrint), where an
//     unparsable value counts as false.

/** runtime.Convert_Slice_string_To_bool on the first value of a parameter. */
export function goQueryBool(value: string): boolean {
  const v = value.toLowerCase();
  return !(v === 'false' || v === '0');
}

/** A query parameter as Convert_Slice_string_To_bool reads it: absent is false. */
export function queryFlag(query: URLSearchParams, name: string): boolean {
  const v = query.get(name);
  return v !== null && goQueryBool(v);
}

/** A *bool query parameter (Convert_Slice_string_To_Pointer_bool): absent is undefined. */
export function queryOptionalFlag(query: URLSearchParams, name: string): boolean | undefined {
  const v = query.get(name);
  return v === null ? undefined : goQueryBool(v);
}

/** strconv.ParseBool; undefined where Go returns an error. */
export function goParseBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  return undefined;
}
