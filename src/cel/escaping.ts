// Property-name escaping for CEL field access, as upstream's apiserver/pkg/cel.Escape.

const RESERVED = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/** The CEL identifier for a property name, or undefined when the name is inaccessible. */
export function escapePropertyName(name: string): string | undefined {
  if (name.length === 0 || (name[0]! >= '0' && name[0]! <= '9')) return undefined;
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[a-zA-Z0-9_.\-/]+$/.test(name)) return undefined;
  if (/^[a-zA-Z0-9_]+$/.test(name) && !name.includes('__')) return name;
  return name.replace(/__|[-./]/g, (m) => {
    switch (m) {
      case '__': return '__underscores__';
      case '.': return '__dot__';
      case '-': return '__dash__';
      default: return '__slash__';
    }
  });
}

/** The property name for an escaped CEL identifier, or undefined when the escape is invalid. */
export function unescapePropertyName(escaped: string): string | undefined {
  let ok = true;
  const out = escaped.replace(/__[^_]+__/g, (m) => {
    const inner = m.slice(2, -2);
    switch (inner) {
      case 'underscores': return '__';
      case 'dot': return '.';
      case 'dash': return '-';
      case 'slash': return '/';
    }
    if (RESERVED.has(inner)) {
      if (m.length !== escaped.length) ok = false;
      return inner;
    }
    ok = false;
    return '';
  });
  return ok ? out : undefined;
}
