// The errors structured-merge-diff reports when it types a value (an applied
// configuration, or a live object), in its wording.

import { goQuote } from '../apimachinery/goformat.js';
import { fieldPE, pathString, peString, serializePE, type PathElement } from './path.js';
import { nodeFor, scalarClass, type Topology } from './topology.js';
import { listItemPE, type ValidationError } from './typed.js';
import { isObject, type Json } from './value.js';

function goTypeName(v: Json): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/** Go's %v of a decoded JSON value. */
function goV(v: Json): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return '[' + v.map(goV).join(' ') + ']';
  return 'map[' + Object.keys(v).sort().map((k) => `${k}:${goV(v[k])}`).join(' ') + ']';
}

/** Go's %#v of a decoded JSON value. */
function goSyntax(v: Json): string {
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) return 'interface {}(nil)';
  if (Array.isArray(v)) return '[]interface {}{' + v.map(goSyntax).join(', ') + '}';
  return 'map[string]interface {}{' + Object.keys(v).sort().map((k) => `${goQuote(k)}:${goSyntax(v[k])}`).join(', ') + '}';
}

/**
 * The errors SMD reports when it types a value: scalars of the wrong kind, lists and maps
 * of the wrong shape, fields a struct does not declare, and associative list items that
 * lack keys or repeat (unless duplicates are allowed, as for live objects).
 */
export function validate(value: Json | undefined, topology: Topology, allowDuplicates = false): ValidationError[] {
  const errs: ValidationError[] = [];
  const walk = (path: PathElement[], v: Json, topo: Topology) => {
    const at = pathString(path);
    if (typeof topo !== 'string') {
      const sc = scalarClass(topo);
      if (sc && v !== null) {
        if (sc === 'numeric' && typeof v !== 'number') errs.push({ path: at, message: `expected numeric (int or float), got ${goTypeName(v)}` });
        else if (sc === 'string' && typeof v !== 'string') errs.push({ path: at, message: `expected string, got &value.valueUnstructured{Value:${goSyntax(v)}}` });
        else if (sc === 'boolean' && typeof v !== 'boolean') errs.push({ path: at, message: `expected boolean, got &{${goV(v)}}` });
        else if (sc === 'untyped' && (Array.isArray(v) || isObject(v))) errs.push({ path: at, message: `expected any scalar, got &{${goV(v)}}` });
        return;
      }
      if ((topo.kind === 'object' || topo.kind === 'map') && v !== null && !isObject(v)) {
        errs.push({ path: at, message: `expected map, got &{${goV(v)}}` });
        return;
      }
      if (topo.kind === 'list' && v !== null && !Array.isArray(v)) {
        errs.push({ path: at, message: `expected list, got &{${goV(v)}}` });
        return;
      }
    }
    const node = nodeFor(topo, v, true);
    if (node.kind === 'map') {
      if (!isObject(v)) return;
      for (const [key, child] of Object.entries(v)) {
        const c = node.child(key);
        if (!c.declared && node.struct && !node.allowsUnknown) {
          errs.push({ path: at + peString(fieldPE(key)), message: 'field not declared in schema' });
          return;
        }
        walk([...path, fieldPE(key)], child, c.topology);
      }
      return;
    }
    if (node.kind === 'list' && Array.isArray(v)) {
      const seen = new Set<string>();
      v.forEach((item, i) => {
        let pe: PathElement;
        try {
          pe = listItemPE(node.shape, node.items, i, item);
        } catch (e) {
          errs.push({ path: at, message: `element ${i}: ${(e as Error).message}` });
          return;
        }
        const k = serializePE(pe);
        if (seen.has(k) && !allowDuplicates) {
          errs.push({ path: at, message: `duplicate entries for key ${peString(pe)}` });
          return;
        }
        seen.add(k);
        walk([...path, pe], item, node.items);
      });
    }
  };
  if (value !== undefined) walk([], value, topology);
  return errs;
}
