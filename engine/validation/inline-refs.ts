/**
 * Field definitions by reference (issue 20 §3 "a form screen's field constraints come from the entity by $ref,
 * never restated"): a form document's schema names an entity or body field with an absolute `$ref`
 * (`https://site-forms.dev/schemas/api/contact-input.schema.json#/properties/email`, whose own `$ref` is the
 * entity's field). The renderer (RJSF) resolves only `#/…` pointers inside the form's own schema, so before a form
 * is shown its registered refs are replaced by the fields they name: {@link inlineRefs}. The form's own keywords
 * beside a `$ref` (a `default`, a `title`) are kept; the referenced field's annotations (title, description,
 * default, readOnly...) are not, so an entity's documentation never becomes a form's help text.
 *
 * Pure: the documents to resolve in are a parameter (engine/validation/registered-refs.ts passes the registry).
 */

/** A JSON Schema document or part of one. */
type Node = unknown;

/** Keywords that describe a field rather than constrain it: a form keeps its own, never the referenced field's. */
const ANNOTATIONS = new Set([
  '$id',
  '$schema',
  '$comment',
  '$anchor',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
]);

/** Keywords whose value is a map of names to schemas (a property named `title` is not the keyword). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Most nested references one field may go through (a cycle is a programming error). */
const MAX_DEPTH = 32;

function isRecord(value: Node): value is Record<string, Node> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a JSON pointer fragment ('' or '/properties/name') of `doc`, or undefined. */
function atPointer(doc: Node, fragment: string): Node {
  let node: Node = doc;
  if (fragment === '' || fragment === '/') return node;
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** `node` without annotation keywords at any depth (names under `properties` and the like stay). */
function withoutAnnotations(node: Node): Node {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (!isRecord(node)) return node;
  const out: Record<string, Node> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    out[key] =
      SCHEMA_MAPS.has(key) && isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, withoutAnnotations(schema)]))
        : withoutAnnotations(value);
  }
  return out;
}

/**
 * `schema` with every `$ref` into one of `documents` replaced by the part it names, recursively (the part's own
 * refs resolve against its document), without the part's annotations; keywords beside the `$ref` are kept and
 * win. A `#/…` ref of `schema` itself (no base) is left for the renderer.
 * @param schema a form's JSON Schema (not modified)
 * @param documents registered schema documents by `$id`
 * @returns a new schema with no registered `$ref` left
 * @throws Error for a ref to a document that is not registered, a pointer that names nothing, or a cycle
 */
export function inlineRefs<S>(schema: S, documents: Readonly<Record<string, object>>): S {
  const walk = (node: Node, base: string | undefined, depth: number): Node => {
    if (depth > MAX_DEPTH) throw new Error('inlineRefs: references nest too deep (a cycle?)');
    if (Array.isArray(node)) return node.map((item) => walk(item, base, depth));
    if (!isRecord(node)) return node;
    const ref = node.$ref;
    const siblings = Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== '$ref')
        .map(([key, value]) => [
          key,
          SCHEMA_MAPS.has(key) && isRecord(value)
            ? Object.fromEntries(Object.entries(value).map(([name, part]) => [name, walk(part, base, depth)]))
            : walk(value, base, depth),
        ]),
    );
    if (typeof ref !== 'string' || (ref.startsWith('#') && base === undefined)) {
      return typeof ref === 'string' ? { $ref: ref, ...siblings } : siblings;
    }
    const url = new URL(ref, base);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    const document = documents[url.href];
    if (!document) throw new Error(`inlineRefs: ${ref} names no registered schema`);
    const target = atPointer(document, fragment);
    if (target === undefined) throw new Error(`inlineRefs: ${ref} names nothing`);
    const resolved = withoutAnnotations(walk(target, url.href, depth + 1));
    return { ...(isRecord(resolved) ? resolved : {}), ...siblings };
  };
  return walk(schema, undefined, 0) as S;
}

/** True when `schema` holds a `$ref` to another document (an absolute URI), at any depth. */
export function hasDocumentRefs(schema: Node): boolean {
  if (Array.isArray(schema)) return schema.some(hasDocumentRefs);
  if (!isRecord(schema)) return false;
  if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) return true;
  return Object.values(schema).some(hasDocumentRefs);
}
