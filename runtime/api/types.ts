/**
 * Entity types the runtime uses, re-exported from the generated types (engine/types/generated),
 * plus the shapes of API answers that have no entity schema (docs/api.md).
 */
/** The user as the API sends it (schemas/api/user-view.schema.json, docs/api.md "UserView"). */
export type { Answer, Client, FormDefinition, FormEntry, Project, UserView } from '../../engine/types/generated';

import type { UserView } from '../../engine/types/generated';

/** Answer of POST /api/authorization/login. */
export interface LoginAnswer {
  numberOfAssignedClients: number;
  user: UserView;
}

/** Answer of POST /api/authorization/isLoggedIn. */
export interface IsLoggedInAnswer {
  isLoggedIn: true;
  user: UserView;
}

/** One row of GET /api/settings/forms/getActive/type/{formArea}/{projectId}. */
export interface ActiveForm {
  id: number;
  title: string;
  category?: string;
  description?: string;
  version: number;
  formArea: string;
}

/** Answer of POST .../getall/{formId} and any server-paged register source. */
export interface RegisterPage<Row = Record<string, unknown>> {
  items: Row[];
  totalRecords: number;
}

/** Body of a server-paged register request (docs/api.md). */
export interface TableQuery {
  pageIndex: number;
  pageSize: number;
  sorting: Array<{ id: string; desc: boolean }>;
  filters: Array<{ id: string; value: unknown }>;
  globalFilter?: string;
}
