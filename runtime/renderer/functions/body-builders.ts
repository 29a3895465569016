/**
 * Body builders by name (`submit.body` of a form document): form data → the request body.
 */
import { formDataToAnswers } from '../../../engine/forms/entry-data';
import { sha512Hex } from '../../api/password';
import type { FormDefinition } from '../../api/types';
import type { FormData } from '../SchemaForm';
import type { LabelColumn } from '../widgets/LabelColumnsField';
import type { QrTypesValue } from '../widgets/QrCodeTypesField';
import { subcontractingBody } from './subcontracting';

/** What a body builder reads. */
export interface BodyContext {
  formData: FormData;
  /** The form source's data (e.g. the form definition), when the form has a source. */
  sourceData?: unknown;
  /** Route parameters and screen inputs. */
  params: Record<string, string | undefined>;
  /** The loaded item of an edit form. */
  item?: Record<string, unknown>;
  /** The form's JSON Schema. */
  schema?: { properties?: Record<string, unknown> };
}

/** A `data:` URL (the file-input widget's value) as a File; its name from the `name=` parameter. */
export function fileOfDataUrl(dataUrl: string): File {
  const match = /^data:([^;,]*)((?:;[^;,=]+=[^;,]*)*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Not a data URL');
  const [, type, parameters, base64, payload] = match;
  const name = /;name=([^;,]*)/.exec(parameters)?.[1];
  const bytes = base64
    ? Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(payload));
  return new File([bytes], name ? decodeURIComponent(name) : 'upload', { type: type || 'application/octet-stream' });
}

/** Request bodies from form data, by name. */
export const bodyBuilders: Record<string, (context: BodyContext) => unknown | Promise<unknown>> = {
  /** Login: the e-mail as typed (trimmed) and the SHA-512 of the password (shell-access-navigation.md §3). */
  async loginCredentials({ formData }) {
    return { email: String(formData.email ?? '').trim(), password: await sha512Hex(String(formData.password ?? '')) };
  },
  /**
   * Password change (shell-access-navigation.md §3): the SHA-512 of the old and the new password; the
   * confirmation is not sent.
   */
  async passwordChange({ formData }) {
    return {
      oldPassword: await sha512Hex(String(formData.oldPassword ?? '')),
      newPassword: await sha512Hex(String(formData.newPassword ?? '')),
    };
  },
  /**
   * A project's create/update body (project-input, schemas/api/bodies.json) from the project form: the
   * editable fields that hold a value, and the logo's file path as its download url (logoUrl). A field
   * left empty is left out, which the update call reads as cleared.
   */
  projectFields({ formData }) {
    const fields = ['code', 'name', 'address', 'description', 'status', 'type', 'startDate', 'endDate'];
    const more = ['enquiryDate', 'deadline', 'organizationId', 'weekHours'];
    const body: Record<string, unknown> = {};
    for (const field of [...fields, ...more]) {
      const value = formData[field];
      if (value !== undefined && value !== null && value !== '') body[field] = value;
    }
    const [logo] = Array.isArray(formData.logo) ? (formData.logo as string[]) : [];
    if (logo) body.logoUrl = `/api/files/download?file=${encodeURIComponent(logo)}`;
    return body;
  },
  /** A first password set with an invitation's link: the SHA-512 of the password, as at login. */
  async setPassword({ formData }) {
    return { password: await sha512Hex(String(formData.newPassword ?? '')) };
  },
  /** The form data as it is: a form whose fields are the body's (e.g. a resource's create/update). */
  formData({ formData }) {
    return formData;
  },
  /**
   * The form data's fields that the form's schema declares, empty ones left out: an edit form loaded with a
   * stored item (id, audit fields, organizationName...) sends only what its fields hold (contact-input,
   * organisation-input). A null the field's `enum` lists is a choice, and is sent (e.g. an employee's project
   * access 'No access', activity null).
   */
  schemaFields({ formData, schema }) {
    const properties = (schema?.properties ?? {}) as Record<string, { enum?: unknown[] } | boolean>;
    const chosenNull = (f: string) => {
      const property = properties[f];
      return formData[f] === null && typeof property === 'object' && property.enum?.includes(null) === true;
    };
    return Object.fromEntries(
      Object.keys(properties)
        .filter((f) => chosenNull(f) || (formData[f] !== undefined && formData[f] !== null && formData[f] !== ''))
        .map((f) => [f, formData[f]]),
    );
  },
  /**
   * The schema's fields (schemaFields) with the id of the row the form was opened on: a change of one item made
   * in a modal, e.g. an employee's project access (employee-project-access: { id, projectId, activity }).
   */
  schemaFieldsWithId(context) {
    return { ...(bodyBuilders.schemaFields(context) as Record<string, unknown>), id: context.item?.id };
  },
  /** A sheet upload (administration-data.md §7 Contacts upload): the chosen file as multipart field uploads[]. */
  uploadSheet({ formData }) {
    const body = new FormData();
    body.append('uploads[]', fileOfDataUrl(String(formData.file ?? '')));
    return body;
  },
  /**
   * New lookup values from the form's text area, one per line (form-configuration.md §5 "Lookup values"):
   * `[{ Name, Status: 'Active', Type }]` for the page's lookup type.
   */
  lookupValueLines({ formData, params }) {
    return String(formData.lines ?? '')
      .split(/\r?\n/)
      .map((line) => ({ Name: line.trim(), Status: 'Active', Type: params.type ?? '' }));
  },
  /** The form's fields with the page's type: a code generator setting's input (code-generator-input, schemas/api/bodies.json). */
  settingFields({ formData, params }) {
    const fields = ['active', 'start', 'separator', 'end', 'baseStart', 'baseEnd'];
    const body: Record<string, unknown> = { type: params.type };
    for (const field of fields)
      if (formData[field] !== undefined && formData[field] !== null) body[field] = formData[field];
    body.active = formData.active === true;
    return body;
  },
  /** A new form entry: `{ formId, answers }` (form-entry.schema.json $defs/submission). */
  formEntrySubmission({ formData, sourceData, params }) {
    const def = sourceData as FormDefinition;
    const entryNumber = params.entryNumber ? Number(params.entryNumber) : undefined;
    return {
      formId: def.id,
      ...(entryNumber ? { entryNumber } : {}),
      answers: formDataToAnswers(def, formData),
    };
  },
  /**
   * A QR code setup's payload (qr-code-setup-input, schemas/api/bodies.json) from the setup form: Non Role Based is one View
   * detail with its access; Role Based is the roles of every tab and a detail per tab with roles or questions
   * (a checkbox question's values one entry each). Editing sends the loaded setup's id.
   */
  qrCodeSetup({ formData, item }) {
    const base = {
      ...(typeof item?.id === 'number' ? { id: item.id } : {}),
      name: String(formData.name ?? ''),
      isActive: formData.status !== 'Inactive',
      roleAccessType: formData.roleAccessType === 'RoleBased' ? 'RoleBased' : 'NonRoleBased',
    };
    if (base.roleAccessType === 'NonRoleBased')
      return {
        ...base,
        qrCodeRoleDetails: [],
        qrCodeTypeDetails: [{ type: 2, accessType: formData.accessType === 'Public' ? 'Public' : 'Private' }],
      };
    const tabs = Object.entries((formData.types ?? {}) as QrTypesValue);
    return {
      ...base,
      qrCodeRoleDetails: tabs.flatMap(([type, tab]) => tab.roles.map((roleId) => ({ roleId, type: Number(type) }))),
      qrCodeTypeDetails: tabs
        .filter(([, tab]) => tab.roles.length > 0 || tab.questions.length > 0)
        .map(([type, tab]) => ({
          type: Number(type),
          qrCodeQuestions: tab.questions.flatMap(({ questionId, value }) =>
            (Array.isArray(value) ? value : [value]).map((v) => ({ questionId, value: v })),
          ),
        })),
    };
  },
  /**
   * A subcontracting order, payment or package (subcontractor-order-input, -payment-input, -package-input): the
   * schema's fields, the loaded item's id when editing, the checklist as answers, the lines with numeric amounts
   * (functions/subcontracting.ts).
   */
  subcontracting(context) {
    return subcontractingBody(bodyBuilders.schemaFields(context) as Record<string, unknown>, context.item);
  },
  /** A label preparation setup's payload: the chosen columns as questions and QR codes, each with its place. */
  labelSetup({ formData, item }) {
    const columns = (formData.columns ?? []) as LabelColumn[];
    return {
      ...(typeof item?.id === 'number' ? { id: item.id } : {}),
      name: String(formData.name ?? ''),
      isActive: formData.status !== 'Inactive',
      labelPreparationSetupExportFormQuestions: columns.flatMap((c, order) =>
        c.kind === 'question' ? [{ questionId: c.id, order }] : [],
      ),
      labelPreparationSetupExportQRCodes: columns.flatMap((c, order) =>
        c.kind === 'qrCode' ? [{ qrCodeSetupId: c.id, order }] : [],
      ),
    };
  },
  /**
   * Send to... (issue 25 §3, send-request): the dialog's fields, the route's form and (on an entry) entry number,
   * and the expiry date as the end of that day in UTC (empty: the service's default, 30 days).
   */
  sendRequest(context) {
    const { expiresOn, ...fields } = bodyBuilders.schemaFields(context) as Record<string, unknown>;
    const { formId, entryNumber } = context.params;
    return {
      ...fields,
      formId: Number(formId),
      ...(entryNumber && entryNumber !== '0' ? { entryNumber: Number(entryNumber) } : {}),
      ...(typeof expiresOn === 'string' ? { expiresAt: `${expiresOn}T23:59:59.000Z` } : {}),
    };
  },
};
