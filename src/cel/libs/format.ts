// Kubernetes format library (1.31+): format.<name>().validate(s) -> optional<list<string>>.
import type {Environment} from '@marcbachmann/cel-js';
import {Optional} from '@marcbachmann/cel-js';
import {parseRequestURI} from './urls.js';

export class NamedFormat {
  constructor(readonly name: string, readonly validate: (s: string) => string[]) {}
}

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';

const maxLen = (n: number): string => `must be no more than ${n} characters`;
const full = (re: string): RegExp => new RegExp(`^(?:${re})$`);

function dns1123Label(s: string): string[] {
  const errs: string[] = [];
  if (s.length > 63) errs.push(maxLen(63));
  if (!full(DNS1123_LABEL).test(s)) {
    errs.push(`a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '${DNS1123_LABEL}')`);
  }
  return errs;
}

function dns1123Subdomain(s: string): string[] {
  const errs: string[] = [];
  if (s.length > 253) errs.push(maxLen(253));
  if (!full(DNS1123_SUBDOMAIN).test(s)) {
    errs.push(`a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${DNS1123_SUBDOMAIN}')`);
  }
  return errs;
}

function dns1035Label(s: string): string[] {
  const errs: string[] = [];
  if (s.length > 63) errs.push(maxLen(63));
  if (!full(DNS1035_LABEL).test(s)) {
    errs.push(`a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '${DNS1035_LABEL}')`);
  }
  return errs;
}

/** generateName prefixes may end in '-': validate as if the dash were a letter. */
const prefixOf = (f: (s: string) => string[]) => (s: string): string[] => f(s.endsWith('-') ? `${s.slice(0, -1)}a` : s);

function qualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const m of dns1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [`a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${QUALIFIED_NAME}') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLen(63)}`);
  if (name.length > 0 && !full(QUALIFIED_NAME).test(name)) {
    errs.push(`name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${QUALIFIED_NAME}')`);
  }
  return errs;
}

function labelValue(s: string): string[] {
  const errs: string[] = [];
  if (s.length > 63) errs.push(maxLen(63));
  if (!full(LABEL_VALUE).test(s)) {
    errs.push(`a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '${LABEL_VALUE}')`);
  }
  return errs;
}

function uri(s: string): string[] {
  try {
    parseRequestURI(s);
    return [];
  } catch (e) {
    return [`invalid URI: parse "${s}": ${(e as Error).message}`];
  }
}

const uuid = (s: string): string[] =>
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s) ? [] : ['does not match the UUID format'];
const byteFormat = (s: string): string[] =>
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) ? [] : ['invalid base64'];
const date = (s: string): string[] =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) ? [] : ['invalid date'];
const datetime = (s: string): string[] =>
  /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)) ? [] : ['invalid datetime'];

const FORMATS: Record<string, (s: string) => string[]> = {
  dns1123Label, dns1123Subdomain, dns1035Label, qualifiedName,
  dns1123LabelPrefix: prefixOf(dns1123Label),
  dns1123SubdomainPrefix: prefixOf(dns1123Subdomain),
  dns1035LabelPrefix: prefixOf(dns1035Label),
  labelValue, uri, uuid, byte: byteFormat, date, datetime,
};

class FormatNamespace {}

export function registerFormatLibrary(env: Environment): void {
  const F = 'kubernetes.NamedFormat';
  env.registerType(F, NamedFormat);
  env.registerType('FormatNamespace', FormatNamespace);
  env.registerConstant('format', 'FormatNamespace', new FormatNamespace());
  const instances = new Map<string, NamedFormat>();
  for (const [name, fn] of Object.entries(FORMATS)) {
    const inst = new NamedFormat(name, fn);
    instances.set(name, inst);
    env.registerFunction(`FormatNamespace.${name}(): ${F}`, () => inst);
  }
  env.registerFunction(`FormatNamespace.named(string): optional<${F}>`, (_ns: unknown, name: string) => {
    const f = instances.get(name);
    return f ? Optional.of(f) : Optional.none();
  });
  env.registerFunction(`${F}.validate(string): optional<list<string>>`, (f: NamedFormat, s: string) => {
    const errs = f.validate(s);
    return errs.length === 0 ? Optional.none() : Optional.of(errs);
  });
}
