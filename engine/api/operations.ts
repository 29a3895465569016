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
import type { ParamDeclaration } from './params';

/** Who may call an operation (schemas/meta/operations.schema.json). */
export type OperationAccess = 'public' | 'session' | 'tenant' | 'admin';

/** The generic kinds of handler (api/resources/handlers.ts; DESIGN.md "Generic resources"). */
export type GenericKind =
  | 'list'
  | 'get'
  | 'create'
  | 'createMany'
  | 'update'
  | 'save'
  | 'delete'
  | 'setStatus'
  | 'setDefault'
  | 'import'
  | 'download';

/** The lifecycle hooks a generic handler runs, by stage: names of api/hooks (issue 20 §1). */
export interface HookNames {
  /** Extra filters of a list or get (the rows a user may see, a flag of the path). */
  where?: readonly string[];
  /** Shape the incoming data before the item is assembled: defaults, trimming, names copied in. */
  beforeValidate?: readonly string[];
  /** Check or complete the assembled item before the entity schema check and the write. */
  beforeChange?: readonly string[];
  /** After the write, in its transaction: what other collections must follow. */
  afterChange?: readonly string[];
  /** The answered items, all at once: computed fields, a shape of the answer. */
  afterRead?: readonly string[];
  /** Refuse a delete (409) the declaration's referencedBy cannot say. */
  beforeDelete?: readonly string[];
  /** After the delete, in its transaction: what goes with the item. */
  afterDelete?: readonly string[];
}

/** Fields of another resource's item copied into each answered item (a name for an id). */
export interface Join {
  /** The other resource (schemas/resources). */
  resource: string;
  /** The field of this item holding the other's key. */
  on: string;
  /** The other item's key field; default id. */
  key?: string;
  /** Answer field → field of the other item. */
  fields: Readonly<Record<string, string>>;
  /** The value when there is no such item; without it the field is left out. */
  default?: string | number | boolean | null;
}

/** A generic handler over a resource of schemas/resources (schemas/meta/operations.schema.json). */
export interface GenericHandler {
  kind: GenericKind;
  resource: string;
  filter?: Readonly<Record<string, unknown>>;
  sort?: Readonly<Record<string, 1 | -1>>;
  by?: string;
  idIn?: 'path' | 'body';
  value?: string | boolean;
  field?: string;
  replace?: boolean;
  join?: readonly Join[];
  select?: string | readonly string[];
  status?: 200 | 201;
  hooks?: HookNames;
  sheet?: string;
}

/** How the API answers an operation: a generic handler over a resource, or a named operation. */
export type OperationHandler = GenericHandler | { named: string };

/** One entry of the catalogue. */
export interface Operation {
  /** PATCH and HEAD: the tus operations of the offline uploads (issue 26). */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string;
  /** The type of each `{name}` of the path (./params.ts); the pipeline hands the handler typed values. */
  params?: Readonly<Record<string, ParamDeclaration>>;
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
  /** A JSON body over the app's default limit is accepted up to this many bytes (a form import's source). */
  maxBodyBytes?: number;
  /** An upload request is accepted up to this many bytes (default MAX_UPLOAD_BYTES: the DMS streams its files). */
  maxUploadBytes?: number;
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
