/**
 * The access question of an API operation (issue 19 "Show only what can be done"; docs/access.md "The one
 * question"): what the catalogue says of an operation (`access`, `can` in schemas/api/operations.json) turned
 * into a call of `can()` (./access.ts) for given parameters. The API's access middleware
 * (api/middleware/session.ts requireAccess) and the browser (buttons, actions and route guards of
 * runtime/renderer and runtime/shell) ask this one function, so a button is shown and a route opens exactly
 * when the API would answer the call.
 *
 * Parameters are the call's: its path parameters, and for a question whose project is in the body
 * (`can.projectIn: 'body'`) the body's field of that name. The browser passes the route's parameters and the
 * values a screen's templates fill.
 */
import { operationAccess } from '../types/generated/operation-access';
import {
  type AccessAction,
  type AccessArea,
  type AccessSubject,
  type AccessTarget,
  can,
  SECTION_CODES,
} from './access';
import { areaCodes, isFormArea, projectQuestionAreas } from './sections';

/** The access-model question of a catalogue operation (`can`, schemas/meta/operations.schema.json). */
export interface OperationCan {
  action: AccessAction;
  /** An access area (a section document's, ./sections.ts), or `{formArea}` / `{type}`: read from that parameter. */
  area: string;
  /** The parameter holding the project id the question is about. */
  project?: string;
  /** Where the project parameter is: the path (default) or the JSON body. */
  projectIn?: 'path' | 'body';
  /** A numeric access code the user must hold on the project. */
  code?: number;
  /** A project menu section (SECTION_CODES) of whose codes the user must hold one on the project. */
  section?: 'sitework' | 'vault' | 'contacts' | 'procurement';
}

/** What the access check reads of an operation: its access level and its question. */
export interface OperationAccessRule {
  access: 'public' | 'session' | 'tenant' | 'admin';
  can?: OperationCan;
}

/** Parameter values by name; absent, null or '' means "not known". */
export type OperationParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * The access area a form area's operations are checked in: its own for a form area with access types of its own
 * (quality assurance, health and safety; ./sections.ts isFormArea), else the projects area.
 */
export function areaOfFormArea(formArea: string | undefined): AccessArea {
  return formArea !== undefined && isFormArea(formArea) ? formArea : 'projects';
}

function known(value: string | number | boolean | null | undefined): value is string | number | boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * The `can()` question an operation's `can` asks for `params`:
 * - `{ action, target }`: ask `can(subject, action, target)`; a project question of a form area (QA, H&S) needs
 *   one of the area's section codes too (QA 23-28, H&S 15-22), as its menu item does, and so does one naming a
 *   `section` (site work 1-13 for the drawing register, issue 23);
 * - `'notFound'`: a parameter the question reads is malformed (a project id that is not a number, a `{type}`
 *   that is no area): the API answers 404 notFound.generic;
 * - `'unknown'`: a parameter the question reads has no value yet (a browser template not fillable yet).
 */
export function operationQuestion(
  question: OperationCan,
  params: OperationParams,
): { action: AccessAction; target: AccessTarget } | 'notFound' | 'unknown' {
  let area = question.area;
  if (area === '{formArea}') {
    if (!known(params.formArea)) return 'unknown';
    area = areaOfFormArea(String(params.formArea));
  } else if (area === '{type}') {
    if (!known(params.type)) return 'unknown';
    if (!projectQuestionAreas().includes(String(params.type))) return 'notFound';
    area = String(params.type);
  }
  const target: AccessTarget = { area: area as AccessArea };
  if (question.project) {
    const raw = params[question.project];
    if (!known(raw)) return 'unknown';
    if (!/^\d{1,9}$/.test(String(raw))) return 'notFound';
    target.projectId = Number(raw);
    if (question.code !== undefined) target.code = question.code;
    const codes = question.action === 'admin' ? undefined : areaCodes(area);
    if (codes) target.codes = codes;
    if (question.section && question.action !== 'admin') target.codes = SECTION_CODES[question.section];
  } else if (question.code !== undefined) target.code = question.code;
  return { action: question.action, target };
}

/**
 * True when `subject` may call an operation with `params`, as far as the access model says: an `admin`
 * operation needs a settings administrator (docs/access.md), a `can` question its answer. A question whose
 * parameters are not known yet is not refused here (the API asks it when the call is made); a malformed one
 * is. Public, session and tenant operations without a question ask nothing more (the session itself is the
 * caller's to have).
 */
export function operationAllowed(subject: AccessSubject, rule: OperationAccessRule, params: OperationParams): boolean {
  if (rule.access === 'admin' && !can(subject, 'admin', { area: 'settings' })) return false;
  if (!rule.can) return true;
  const question = operationQuestion(rule.can, params);
  if (question === 'unknown') return true;
  if (question === 'notFound') return false;
  return can(subject, question.action, question.target);
}

/**
 * operationAllowed for the operation named `name`, read from the generated table of access rules
 * (engine/types/generated/operation-access.ts, so the browser carries no more of the catalogue); an operation
 * the table does not list asks nothing beyond a session.
 */
export function operationAllowedByName(subject: AccessSubject, name: string, params: OperationParams): boolean {
  return operationAllowed(subject, operationAccess[name] ?? { access: 'tenant' }, params);
}
