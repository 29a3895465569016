/**
 * Resource declarations (schemas/resources/<name>.json, schemas/meta/resource.schema.json): the stored
 * entities the generic handlers serve. Read from the folder at start-up, so a new resource is a JSON file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// Under Node the module URL is a file URL; under vitest's jsdom environment (the runtime tests run this
// app through MSW) it is served from the project root, so its path is relative to the working directory.
const here = new URL(import.meta.url);
const moduleDir = path.dirname(
  here.protocol === 'file:' ? fileURLToPath(here) : path.join(process.cwd(), here.pathname),
);
const folder = path.resolve(moduleDir, '../../schemas/resources');

/** Every declaration of schemas/resources by name. */
export const resources: ReadonlyMap<string, ResourceDeclaration> = new Map(
  readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const declaration = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as ResourceDeclaration;
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
