// The image tag as upstream's parsers.ParseImageName derives it (docker reference
// grammar, ParseNormalizedNamed): what imagePullPolicy defaulting looks at.

const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const NAME = `(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const ANCHORED_IDENTIFIER = /^[a-f0-9]{64}$/;
const NAME_TOTAL_LENGTH_MAX = 255;

/**
 * The tag ParseImageName reports: the explicit tag, "latest" when neither a tag nor a
 * digest is given, and "" for a digest-only reference or an unparsable image (upstream
 * ignores the parse error there).
 */
export function imageTag(image: string): string {
  if (ANCHORED_IDENTIFIER.test(image)) return '';
  // A first component without '.' or ':' that is lowercase and not "localhost" is part of the path.
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  const hasDomain = slash >= 0 && (/[.:]/.test(first) || first === 'localhost' || first.toLowerCase() !== first);
  const remote = hasDomain ? image.slice(slash + 1) : image;
  const remoteName = remote.replace(/[:@].*$/, '');
  if (remoteName.toLowerCase() !== remoteName) return '';
  const m = REFERENCE.exec(image);
  if (!m) return '';
  const normalizedName = hasDomain ? m[1]! : `docker.io/${m[1]!.includes('/') ? '' : 'library/'}${m[1]!}`;
  if (normalizedName.length > NAME_TOTAL_LENGTH_MAX) return '';
  const tag = m[2] ?? '';
  const digest = m[3] ?? '';
  return !tag && !digest ? 'latest' : tag;
}

/** SetDefaults_Container's imagePullPolicy: Always for :latest (explicit or implied), else IfNotPresent. */
export function defaultPullPolicy(image: unknown): 'Always' | 'IfNotPresent' {
  return imageTag(typeof image === 'string' ? image : '') === 'latest' ? 'Always' : 'IfNotPresent';
}
