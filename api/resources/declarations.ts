/**
 * Resource declarations (schemas/resources/<name>.json, schemas/meta/resource.schema.json): the stored
 * entities the generic handlers serve. Read from the folder at start-up, so a new resource is a JSON file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { AppError } from '../../engine/errors';
import type { MessageId } from '../../engine/messages/catalogue';
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
  notFoundMessageId?: MessageId;
}

const folder = new URL('../../schemas/resources/', import.meta.url);

/** Every declaration of schemas/resources by name. */
export const resources: ReadonlyMap<string, ResourceDeclaration> = new Map(
  readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const declaration = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as ResourceDeclaration;
      return [declaration.name, declaration] as const;
    }),
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
