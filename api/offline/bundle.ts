/**
 * A project's offline bundle (issue 26 §1; contract §2; docs/offline.md "Protocol"): what a device keeps to fill
 * the project's forms with no signal, GET /api/projects/getQaOfflineInfo/{projectId}.
 *
 * - forms: the latest published, active quality-assurance and health-and-safety forms offered on the project that
 *   the user may view there (engine/rules/access.ts can);
 * - formVersions: the older published versions the bundled entries were filled in (an entry keeps its version);
 * - projectUsers: the people a notify question may name (as projects.users answers them): the only people or
 *   lookups a form's runtime asks the server for;
 * - entries: the last ENTRIES_PER_FORM entries of each form by entryNumber, newest first, drafts included as the
 *   register shows them, each with its version; read with a sort and a limit on the store's unique entryNumber
 *   index, so the time does not grow with the register;
 * - bundleVersion: a hash of all of that (not of generatedAt): the ETag, so a device that has it gets a 304.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../engine/errors';
import { can } from '../../engine/rules/access';
import type { FormDefinition, FormEntry, OfflineBundle, Project } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { accessSubject } from '../middleware/session';
import { toEntry, withVersion } from '../operations/entries';
import { activeFormsForProject, type FormVersionDoc, latestPublished } from '../operations/forms';
import { projectUsers } from '../operations/projects';
import type { Store } from '../store/port';

/** How many entries of each form's register a bundle holds (the newest). */
export const ENTRIES_PER_FORM = 50;

/** The form areas a project is taken offline with. */
export const OFFLINE_AREAS = ['quality-assurance', 'health-and-safety'] as const;

/**
 * The bundle of `project` for `user` (the caller has checked that the project is one the user may take offline).
 * @returns the bundle, with `bundleVersion` the hash of its content
 */
export async function offlineBundle(
  store: Store,
  clientId: number,
  user: UserDoc,
  project: Project,
  now: Date,
): Promise<OfflineBundle> {
  const subject = accessSubject(user, clientId);
  const forms: FormDefinition[] = [];
  for (const area of OFFLINE_AREAS) {
    if (!can(subject, 'view', { area, projectId: project.id })) continue;
    for (const summary of await activeFormsForProject(store, clientId, area, project.id)) {
      const def = await latestPublished(store, clientId, summary.id);
      if (def) forms.push(def);
    }
  }
  const entries: FormEntry[] = [];
  const wanted = new Map<string, { formId: number; version: number }>();
  for (const form of forms) {
    const docs = await store
      .collection<FormEntry & { [key: string]: unknown }>('formEntries')
      .find(
        { clientId, projectId: project.id, formId: form.id },
        { sort: { entryNumber: -1 }, limit: ENTRIES_PER_FORM },
      );
    for (const doc of docs) {
      const entry = withVersion(toEntry(doc));
      entries.push(entry);
      const version = entry.formVersion ?? form.version;
      if (version !== form.version) wanted.set(`${form.id}:${version}`, { formId: form.id, version });
    }
  }
  const formVersions: FormDefinition[] = [];
  for (const { formId, version } of [...wanted.values()].sort((a, b) => a.formId - b.formId || a.version - b.version)) {
    const found = await store.collection<FormVersionDoc>('formVersions').findOne({ clientId, formId, version });
    if (found) formVersions.push(found.definition);
  }
  const content = {
    project: {
      id: project.id,
      code: project.code,
      name: project.name,
      ...(project.address ? { address: project.address } : {}),
    },
    canEdit: OFFLINE_AREAS.some((area) => can(subject, 'edit', { area, projectId: project.id })),
    forms,
    formVersions,
    projectUsers: await projectUsers(store, clientId, project.id),
    entries,
  };
  const bundleVersion = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27);
  return { bundleVersion, generatedAt: now.toISOString(), ...content };
}

/**
 * Whether an If-None-Match header names `bundleVersion` (a list, weak validators and `*` as RFC 9110 says).
 */
export function notModified(ifNoneMatch: string | undefined, bundleVersion: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${bundleVersion}"`);
}

/** The refusal of a project the user may not take offline. */
export function notOffline(projectId: number): AppError {
  return new AppError(403, 'offlineSync.notInBundle', { id: projectId });
}
