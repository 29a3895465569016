/**
 * The rules of a QR code setup (form-configuration.md §3 "QR code setup", §4, §5 "QR code setup", §6),
 * checked by the setup form in the browser and by the API before every save:
 * - the name: required, at most 25 characters, letters, digits and spaces, unique among the form's setups
 *   ignoring spaces and case, excluding itself;
 * - Role Based: at least one role; a role in one type only; only active roles of the five role lookups; a
 *   Populate tab with roles needs questions and one with questions needs roles; every non-Date value filled;
 *   values of the question's kind; the Create type takes no roles while the form allows CSV upload with its
 *   entry Create button off;
 * - Non Role Based: one View type with its access (Public or Private) and no roles.
 * `normaliseQrSetup` gives the details the server stores: Role Based details are always Private.
 */
import { detail, type ErrorDetail } from '../errors';
import { allQuestions, type QuestionProperties, questionKind } from '../forms/questions';
import type { MessageId } from '../messages/catalogue';
import { isIsoDate } from '../table/dates';
import type {
  FormDefinition,
  LookupValue,
  QrCodeQuestion,
  QrCodeSetup,
  QrCodeSetupInput,
  Question,
} from '../types/generated';

/** The seven QR code types by index (form-configuration.md §3). */
export const QR_TYPES = { Create: 0, Update: 1, View: 2, Populate_1: 3, Populate_2: 4, Populate_3: 5, Populate_4: 6 };

/** Every type index in tab order: Create, Update, Populate 1-4, View (§2). */
export const QR_TAB_ORDER: readonly number[] = [0, 1, 3, 4, 5, 6, 2];

/** The Populate types 3-6; Populate N is type N + 2. */
export function isPopulateType(type: number): boolean {
  return type >= 3 && type <= 6;
}

/** The lookup types whose values are QR code target roles, in category order (§3 "Roles for QR code targets"). */
export const ROLE_LOOKUP_TYPES = [
  'EmployeeRole',
  'ContactRole',
  'SubContractorPosition',
  'MaterialSupplierPosition',
  'PlantSupplierPosition',
] as const;

/** A role offered to a QR code type: an active lookup value of a role type. */
export interface QrRole {
  id: number;
  name: string;
  /** The lookup type; its category label is the message qrCode.category.{category}. */
  category: (typeof ROLE_LOOKUP_TYPES)[number];
}

/** The roles a setup may grant: active values of the role lookup types, by category then name. */
export function qrRoles(values: readonly Pick<LookupValue, 'id' | 'name' | 'type' | 'status'>[]): QrRole[] {
  const order = new Map<string, number>(ROLE_LOOKUP_TYPES.map((t, i) => [t, i]));
  return values
    .filter((v) => order.has(v.type) && v.status === 'Active')
    .map((v) => ({ id: v.id, name: v.name, category: v.type as QrRole['category'] }))
    .sort((a, b) => (order.get(a.category) ?? 0) - (order.get(b.category) ?? 0) || a.name.localeCompare(b.name));
}

const NAME_CHARACTERS = /^[A-Za-z0-9 ]*$/;

/** A name compared the way uniqueness is: without spaces, in lower case. */
function nameKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

/**
 * The first problem of a setup name, or null (§5): required, at most 25 characters, letters, digits
 * and spaces only, unique among `others` ignoring spaces and case, excluding the setup `selfId`.
 */
export function qrNameProblem(
  name: string,
  others: readonly { id: number; name: string }[],
  selfId?: number,
): MessageId | null {
  if (name.trim() === '') return 'qrCode.nameRequired';
  if (name.length > 25) return 'qrCode.nameTooLong';
  if (!NAME_CHARACTERS.test(name)) return 'qrCode.nameCharacters';
  const key = nameKey(name);
  if (others.some((o) => o.id !== selfId && nameKey(o.name) === key)) return 'qrCode.nameExists';
  return null;
}

/** How a Populate value is entered and checked, by the question's kind (§2, §5). */
export type PopulateInput = 'long' | 'url' | 'number' | 'date' | 'dropdown' | 'checkbox';

/** A question a Populate tab may set. */
export interface PopulateQuestion {
  id: number;
  label: string;
  input: PopulateInput;
  /** Dropdown and checkbox option values. */
  options: string[];
}

function populateInput(question: Question): PopulateInput | null {
  switch (questionKind(question)) {
    case 'text':
    case 'long':
      return 'long';
    case 'hyperlink':
      return 'url';
    case 'number':
      return 'number';
    case 'date':
      return question.type === 'Date' && question.picker === 'month' ? null : 'date';
    case 'dropdown':
      return 'dropdown';
    case 'checkboxes':
      return 'checkbox';
    default:
      return null;
  }
}

/** The questions of a form a Populate tab can set: Text, Dropdown, Date or Checkbox (with options), with a label (§5). */
export function populateQuestions(form: Pick<FormDefinition, 'pages'>): PopulateQuestion[] {
  return allQuestions(form as FormDefinition).flatMap((q) => {
    const input = populateInput(q);
    if (!input || !q.label?.trim()) return [];
    const options = (q as QuestionProperties).options ?? [];
    return [{ id: q.id, label: q.label, input, options: options.map((o) => String(o.value)) }];
  });
}

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|127(\.\d+){3}|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|169\.254(\.\d+){2}|0\.0\.0\.0|\[?::1?\]?|\[?f[cd][0-9a-f]{2}:.*|\[?fe80:.*)$/i;

/** True for an http, https or ftp URL whose host is not private (loopback, private ranges, .local). */
export function isPublicUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'ftp:'].includes(url.protocol) || !url.hostname) return false;
  return !PRIVATE_HOST.test(url.hostname) && url.hostname.includes('.');
}

/** True for a yyyy-mm-dd date in the years 1900 to 2100 (§9). */
export function isPopulateDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2100 && isIsoDate(value);
}

/**
 * The problem of one Populate value, or null: a whole number of 0 or more, a public url, a date or
 * blank, an option of the question; long text, dropdown and checkbox values must not be empty.
 */
function valueProblem(question: PopulateQuestion, value: string): 'empty' | MessageId | null {
  if (question.input === 'date') return value === '' || isPopulateDate(value) ? null : 'qrCode.invalidDate';
  if (value.trim() === '') return 'empty';
  switch (question.input) {
    case 'number':
      return /^\d+$/.test(value.trim()) ? null : 'qrCode.invalidNumber';
    case 'url':
      return isPublicUrl(value) ? null : 'qrCode.invalidUrl';
    case 'dropdown':
    case 'checkbox':
      return question.options.includes(value) ? null : 'qrCode.invalidOption';
    default:
      return null;
  }
}

/** True when the form's Create type cannot be granted: CSV upload allowed, entry Create button off (§2). */
export function createTypeDisabled(form: Pick<FormDefinition, 'allowCsvUpload' | 'displayEntryCreateButton'>): boolean {
  return form.allowCsvUpload === true && form.displayEntryCreateButton === false;
}

/** What the setup rules read besides the setup. */
export interface QrSetupContext {
  form: FormDefinition;
  /** The roles the client may grant (qrRoles). */
  roles: readonly QrRole[];
  /** The form's other setups, for the unique name. */
  others: readonly { id: number; name: string }[];
}

/**
 * The problems of a setup, in the order the form reports them; empty when it may be saved.
 * Populate N messages carry `n` (1-4).
 */
export function checkQrCodeSetup(setup: QrCodeSetupInput, context: QrSetupContext): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const nameProblem = qrNameProblem(setup.name, context.others, setup.id);
  if (nameProblem) problems.push(detail('/name', nameProblem));
  const roleDetails = setup.qrCodeRoleDetails ?? [];
  const typeDetails = setup.qrCodeTypeDetails ?? [];
  const types = typeDetails.map((t) => t.type);
  if (new Set(types).size !== types.length) problems.push(detail('/qrCodeTypeDetails', 'qrCode.duplicateType'));

  if (setup.roleAccessType === 'NonRoleBased') {
    const [only] = typeDetails;
    const sound =
      roleDetails.length === 0 &&
      typeDetails.length === 1 &&
      only.type === QR_TYPES.View &&
      only.accessType !== undefined &&
      (only.qrCodeQuestions ?? []).length === 0;
    if (!sound) problems.push(detail('/qrCodeTypeDetails', 'qrCode.nonRoleBasedShape'));
    return problems;
  }

  if (roleDetails.length === 0) problems.push(detail('/qrCodeRoleDetails', 'qrCode.roleRequired'));
  const rolesById = new Map(context.roles.map((r) => [r.id, r]));
  const typeOfRole = new Map<number, number>();
  roleDetails.forEach((role, i) => {
    const known = rolesById.get(role.roleId);
    if (!known) problems.push(detail(`/qrCodeRoleDetails/${i}/roleId`, 'qrCode.unknownRole', { id: role.roleId }));
    const seen = typeOfRole.get(role.roleId);
    if (seen !== undefined && seen !== role.type)
      problems.push(
        detail(`/qrCodeRoleDetails/${i}`, 'qrCode.roleInTwoTypes', { role: known?.name ?? String(role.roleId) }),
      );
    typeOfRole.set(role.roleId, role.type);
  });
  if (createTypeDisabled(context.form) && roleDetails.some((r) => r.type === QR_TYPES.Create))
    problems.push(detail('/qrCodeRoleDetails', 'qrCode.createDisabled'));

  const questions = new Map(populateQuestions(context.form).map((q) => [q.id, q]));
  const rolesOfType = (type: number) => roleDetails.filter((r) => r.type === type).length;
  for (const type of [3, 4, 5, 6]) {
    const n = type - 2;
    const detailOfType = typeDetails.find((t) => t.type === type);
    const values = detailOfType?.qrCodeQuestions ?? [];
    const path = `/qrCodeTypeDetails/${typeDetails.indexOf(detailOfType as never)}`;
    if (rolesOfType(type) > 0 && values.length === 0)
      problems.push(detail(path, 'qrCode.populateQuestionMandatory', { n }));
    if (values.length > 0 && rolesOfType(type) === 0)
      problems.push(detail(path, 'qrCode.populateRoleMandatory', { n }));
    let empty = false;
    for (const value of values) {
      const question = questions.get(value.questionId);
      if (!question) {
        problems.push(detail(`${path}/qrCodeQuestions`, 'qrCode.questionNotAllowed', { id: value.questionId }));
        continue;
      }
      const problem = valueProblem(question, value.value);
      if (problem === 'empty') empty = true;
      else if (problem)
        problems.push(detail(`${path}/qrCodeQuestions`, problem, { n, label: question.label, value: value.value }));
    }
    if (empty) problems.push(detail(path, 'qrCode.populateFillAll', { n }));
  }
  typeDetails.forEach((t, i) => {
    if (!isPopulateType(t.type) && (t.qrCodeQuestions ?? []).length > 0)
      problems.push(detail(`/qrCodeTypeDetails/${i}/qrCodeQuestions`, 'qrCode.questionNotAllowed', { id: t.type }));
  });
  return problems;
}

/**
 * The details stored for a sound setup (§4): Non Role Based keeps its one View type with its access;
 * Role Based keeps its roles and one Private type detail per type that has roles, the Populate ones
 * with their values. Ids of the details are left to the caller.
 */
export function normaliseQrSetup(
  setup: QrCodeSetupInput,
): Pick<QrCodeSetup, 'roleAccessType' | 'qrCodeRoleDetails' | 'qrCodeTypeDetails'> {
  if (setup.roleAccessType === 'NonRoleBased') {
    const [view] = setup.qrCodeTypeDetails;
    return {
      roleAccessType: 'NonRoleBased',
      qrCodeRoleDetails: [],
      qrCodeTypeDetails: [{ type: QR_TYPES.View, accessType: view.accessType, qrCodeQuestions: [] }],
    };
  }
  const roleDetails = setup.qrCodeRoleDetails.map(({ roleId, type }) => ({ roleId, type }));
  const types = [...new Set(roleDetails.map((r) => r.type))].sort((a, b) => a - b);
  return {
    roleAccessType: 'RoleBased',
    qrCodeRoleDetails: roleDetails,
    qrCodeTypeDetails: types.map((type) => ({
      type,
      accessType: 'Private' as const,
      qrCodeQuestions: isPopulateType(type)
        ? (setup.qrCodeTypeDetails.find((t) => t.type === type)?.qrCodeQuestions ?? []).map(
            ({ questionId, value }): QrCodeQuestion => ({ questionId, value }),
          )
        : [],
    })),
  };
}

/** The type a role holds in a setup, or null (a role belongs to one type at a time, §6). */
export function typeOfRole(setup: Pick<QrCodeSetup, 'qrCodeRoleDetails'>, roleId: number | undefined): number | null {
  if (roleId === undefined) return null;
  return setup.qrCodeRoleDetails.find((r) => r.roleId === roleId)?.type ?? null;
}

/**
 * The answers a Populate type fills in a new entry: one Answer-like list per question, a checkbox's values
 * together, numbers as numbers, a blank date as `today` (yyyy-mm-dd, the date of the scan).
 */
export function populateAnswers(
  form: Pick<FormDefinition, 'pages'>,
  values: readonly Pick<QrCodeQuestion, 'questionId' | 'value'>[],
  today: string,
): { questionId: number; answers: (string | number)[] }[] {
  const questions = new Map(populateQuestions(form).map((q) => [q.id, q]));
  const byQuestion = new Map<number, (string | number)[]>();
  for (const { questionId, value } of values) {
    const question = questions.get(questionId);
    if (!question) continue; // a question the form no longer has is left out (§5)
    const list = byQuestion.get(questionId) ?? [];
    if (question.input === 'number') list.push(Number(value));
    else if (question.input === 'date') list.push(value === '' ? today : value);
    else list.push(value);
    byQuestion.set(questionId, list);
  }
  return [...byQuestion].map(([questionId, answers]) => ({ questionId, answers }));
}
