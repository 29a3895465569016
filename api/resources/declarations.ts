/**
 * Resource declarations (schemas/resources/<name>.json, schemas/meta/resource.schema.json): the stored
 * entities the generic handlers serve. A new resource is a JSON file (and `npm run gen`); its collection
 * and indexes reach the store through the same registry (api/store/port.ts, api/store/indexes.ts).
 */
import { AppError } from '../../engine/errors';
import type { MessageId } from '../../engine/messages/catalogue';
import { registeredResources } from '../../engine/types/generated/registry';
import type { SchemaName } from '../../engine/validation/ajv';
import type { CollectionName, DuplicateKeyError } from '../store/port';

/** One resource declaration. */
export interface ResourceDeclaration {
  name: string;
  collection: CollectionName;
  entity: SchemaName;
  tenant: boolean;
  idCounter: string;
  audit?: boolean;
  softDelete?: boolean;
  unique?: { fields: string[]; ignoreSpacesAndCase?: boolean; messageId: MessageId }[];
  derive?: string;
  /** Fields naming another stored item of the tenant, checked before writes (resource.schema.json). */
  references?: {
    field: string;
    collection: CollectionName;
    key: string;
    filter?: Record<string, string | number | boolean>;
    messageId: MessageId;
  }[];
  /** Other collections naming this one's items: a delete while one exists answers 409. */
  referencedBy?: { collection: CollectionName; field: string; messageId: MessageId }[];
  notFoundMessageId?: MessageId;
  /** Indexes of the collection besides the unique `id` per collection. */
  indexes?: { keys: Record<string, 1 | -1>; unique?: boolean }[];
}

/** Every declaration of schemas/resources by name (listed by the generated registry, `npm run gen`). */
export const resources: ReadonlyMap<string, ResourceDeclaration> = new Map(
  (registeredResources as ResourceDeclaration[]).map((declaration) => [declaration.name, declaration] as const),
);

/**
 * The declaration of a resource.
 * @throws AppError 500 for a name with no declaration (a catalogue error, caught by api/catalogue.test.ts)
 */
export function resourceOf(name: string): ResourceDeclaration {
  const declaration = resources.get(name);
  if (!declaration) throw new AppError(500, 'common.serverError');
  return declaration;
}

/** One `unique` rule of a declaration. */
export type UniqueRule = NonNullable<ResourceDeclaration['unique']>[number];

/**
 * Where a `unique` rule lives in the store (issue 20, docs/store.md "Unique keys"): the derived key
 * `uniqueKeys.<fields joined by _>` the store keeps normalised on every write, and the unique index on it (with
 * clientId first for a tenant's resource), named `<collection>_unique_<fields joined by _>` in
 * api/store/indexes.ts.
 */
export function uniqueIndexOf(resource: ResourceDeclaration, rule: UniqueRule): { path: string; name: string } {
  const key = rule.fields.join('_');
  return { path: `uniqueKeys.${key}`, name: `${resource.collection}_unique_${key}` };
}

/**
 * The `unique` rule whose index refused a write, for its 409 message (api/http/errors.ts); undefined for
 * another index.
 */
export function uniqueRuleRefusing(error: DuplicateKeyError): UniqueRule | undefined {
  if (!error.index) return undefined;
  for (const resource of resources.values())
    for (const rule of resource.unique ?? []) if (uniqueIndexOf(resource, rule).name === error.index) return rule;
  return undefined;
}
