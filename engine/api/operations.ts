/**
 * The catalogue of API operations: one name for each HTTP call the platform makes, read from
 * schemas/api/operations.json (DESIGN.md "schemas/api/operations.json").
 *
 * Screen documents (schemas/screens) refer to operations by these names; the runtime's API client
 * builds requests from them; the API mounts every one from the catalogue (api/catalogue.ts) and the
 * OpenAPI document is generated from it. Paths follow the specification (shell-access-navigation.md §7,
 * form-configuration.md §7, administration-data.md §7); `{name}` is a path parameter.
 */
import catalogue from '../../schemas/api/operations.json';
import type { OperationCan } from '../rules/operation-access';

/** Who may call an operation (schemas/meta/operations.schema.json). */
export type OperationAccess = 'public' | 'session' | 'tenant' | 'admin';

/** How the API answers an operation: a generic handler over a resource, or a named operation. */
export type OperationHandler =
  | {
      kind: 'list' | 'get' | 'create' | 'update' | 'delete' | 'setStatus' | 'setDefault';
      resource: string;
      filter?: Record<string, unknown>;
      sort?: Record<string, 1 | -1>;
      by?: string;
      value?: string | boolean;
    }
  | { named: string };

/** One entry of the catalogue. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  access: OperationAccess;
  /** Registered schema name of the JSON body. */
  body?: string;
  /** An empty body stands for `{}`. */
  bodyOptional?: boolean;
  /** JSON Schema of a successful answer. */
  answer?: Record<string, unknown>;
  /** Rule the stored item must satisfy first. */
  rule?: { $ref: string; status: number; messageId: string };
  handler: OperationHandler;
  /** The body is multipart/form-data (an upload). */
  upload?: boolean;
  /** A Pending user may call it (shell-access-navigation.md §4). */
  pendingAllowed?: boolean;
  /** The access-model question asked before the handler (engine/rules/operation-access.ts, access.ts can()). */
  can?: OperationCan;
}

export type OperationName = keyof typeof catalogue.operations;

/** Every operation by name. */
export const operations: Readonly<Record<OperationName, Operation>> = catalogue.operations as Record<
  OperationName,
  Operation
>;

/** True when `name` is an operation of the catalogue. */
export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(operations, name);
}

/** Fills an operation's path parameters: see ./operation-routes (the browser's client uses that module alone). */
export { resolveOperation } from './operation-routes';
