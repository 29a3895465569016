/**
 * Resource declarations (schemas/resources/<name>.json, schemas/meta/resource.schema.json): the stored
 * entities the generic handlers serve. A new resource is a JSON file (and `npm run gen`); its collection
 * and indexes reach the store through the same registry (api/store/port.ts, api/store/indexes.ts).
 */
import type { HookNames } from '../../engine/api/operations';
import { AppError } from '../../engine/errors';
import type { MessageId } from '../../engine/messages/catalogue';
import { registeredResources } from '../../engine/types/generated/registry';
import type { SchemaName } from '../../engine/validation/ajv';
import type { CollectionName } from '../store/port';

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
  /**
   * Other collections keeping a copy of a field of this one's items (a subcontractor's name on its orders): when
   * an update changes `from`, the items whose `by` holds this item's id get the new value in `field`.
   */
  propagate?: { collection: CollectionName; by: string; field: string; from: string }[];
  /** Lifecycle hooks of every operation over the resource (api/resources/hooks.ts), before the operation's own. */
  hooks?: HookNames;
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
