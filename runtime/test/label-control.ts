/**
 * jsdom's `HTMLLabelElement.control` for the jsdom tests, with the same answers for less (docs/testing.md "A label's
 * control"). jsdom 26 finds the element a `for` attribute names by walking the label's whole tree, and it asks that
 * of every label of the page each time an element's `labels` are computed (testing-library's label queries and
 * accessible names): on a form page of many labelled questions, 1.8% of a heavy jsdom file's CPU. Here a label in a
 * document takes the element from the document's own id index (what `getElementById` reads) when exactly one element
 * of the document has that id; in any other case (no `for`, a duplicated id, a label outside a document) jsdom's own
 * getter answers. Tied to jsdom's internals, as runtime/test/computed-style.ts is: runtime/test/label-control.test.tsx
 * compares every answer with jsdom's own and fails when they move.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const fromJsdom = createRequire(path.join(path.dirname(require.resolve('jsdom/package.json')), 'package.json'));

interface NodeImpl {
  nodeType: number;
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): NodeImpl & { _ids?: Record<string, NodeImpl[] | undefined> };
}

const labelPrototype = (
  fromJsdom('./lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } }
).implementation.prototype;
const { isLabelable } = fromJsdom('./lib/jsdom/living/helpers/form-controls.js') as {
  isLabelable: (node: NodeImpl) => boolean;
};
const { domSymbolTree } = fromJsdom('./lib/jsdom/living/helpers/internal-constants.js') as {
  domSymbolTree: { parent(node: NodeImpl): NodeImpl | null };
};

type Getter = (this: NodeImpl) => NodeImpl | null;
const kept = labelPrototype as { __jsdomControl?: Getter };
/** jsdom's own getter (kept when the faster one replaced it, once per worker). */
export const jsdomControl: Getter =
  kept.__jsdomControl ?? (Object.getOwnPropertyDescriptor(labelPrototype, 'control')?.get as Getter);
kept.__jsdomControl = jsdomControl;

const idlUtils = fromJsdom('./lib/jsdom/living/generated/utils.js') as {
  implForWrapper: (wrapper: unknown) => NodeImpl;
  wrapperForImpl: (impl: unknown) => Element | null;
};

/** jsdom's own answer for `label` (for runtime/test/label-control.test.tsx). */
export function jsdomLabelControl(label: HTMLLabelElement): Element | null {
  return idlUtils.wrapperForImpl(jsdomControl.call(idlUtils.implForWrapper(label)));
}

const DOCUMENT_NODE = 9;

function rootOf(node: NodeImpl): NodeImpl {
  let root = node;
  for (let parent = domSymbolTree.parent(root); parent; parent = domSymbolTree.parent(root)) root = parent;
  return root;
}

function fastControl(this: NodeImpl): NodeImpl | null {
  if (!this.hasAttributeNS(null, 'for')) return jsdomControl.call(this);
  const id = this.getAttributeNS(null, 'for') ?? '';
  if (id === '') return null;
  const root = this.getRootNode({});
  if (root.nodeType !== DOCUMENT_NODE || !root._ids) return jsdomControl.call(this);
  const inDocument = (root._ids[id] ?? []).filter((candidate) => rootOf(candidate) === root);
  if (inDocument.length === 0) return null;
  if (inDocument.length > 1) return jsdomControl.call(this);
  return isLabelable(inDocument[0]) ? inDocument[0] : null;
}

/** Puts the faster getter on jsdom's label implementation (idempotent). */
export function installFastLabelControl(): void {
  Object.defineProperty(labelPrototype, 'control', { configurable: true, get: fastControl });
}
