/**
 * Hooks of the project create and update (administration-data.md §3 Project, §7 Projects; docs/decisions.md
 * "Projects"): the defaults of a new project, status and type kept by an update that leaves them out, the
 * cross-field rules (engine/rules/project.ts), the references (the client's organisation, a logo image in the
 * client's file store), and the Project code generator advanced when a new project takes its next code.
 */
import { detail, problemsError } from '../../engine/errors';
import { nextCode } from '../../engine/rules/code-generator';
import { PROJECT_CODE_GENERATOR_TYPE, projectProblems } from '../../engine/rules/project';
import type { Project } from '../../engine/types/generated';
import { fileKey } from '../files/paths';
import { derives } from '../resources/derive';
import type { AfterChangeHook, BeforeChangeHook, BeforeValidateHook, Item } from '../resources/hooks';
import type { Store } from '../store/port';

type StoredProject = Project & Item;

/** The client's Project code generator setting, when there is one. */
export function projectCodeGenerator(store: Store, clientId: number | undefined) {
  return store
    .collection<Record<string, unknown>>('codeGeneratorSettings')
    .findOne({ clientId, type: PROJECT_CODE_GENERATOR_TYPE });
}

/**
 * beforeValidate: a new project is Active and of type 'projects' unless given, loggedByFullName the caller; an
 * update that leaves status or type out keeps them.
 */
export const projectDefaults: BeforeValidateHook<StoredProject> = (data, { context, current }) =>
  current
    ? { ...data, status: data.status ?? current.status, type: data.type ?? current.type }
    : {
        ...data,
        status: data.status ?? 'Active',
        type: data.type ?? 'projects',
        loggedByFullName: context.user?.fullName ?? '',
      };

const DOWNLOAD_PREFIX = '/api/files/download?file=';

/** Whether `logoUrl` is the download url of an image in the client's file store. */
async function isLogo(store: Store, clientId: number, logoUrl: string): Promise<boolean> {
  if (!logoUrl.startsWith(DOWNLOAD_PREFIX)) return false;
  try {
    const info = await store.files.info(fileKey(clientId, decodeURIComponent(logoUrl.slice(DOWNLOAD_PREFIX.length))));
    return info?.contentType.startsWith('image/') === true;
  } catch {
    return false;
  }
}

/**
 * beforeChange: 400 with every problem of the cross-field rules; 400 projects.unknownOrganisation or
 * projects.badLogo for a changed organisation that is not the client's or a logo that is not its image. The
 * computed fields (hasEdit, organizationName) are never stored.
 */
export const projectChecks: BeforeChangeHook<StoredProject> = async (item, { context, store, current }) => {
  const problems = projectProblems(item);
  if (problems.length > 0) throw problemsError(400, problems);
  const clientId = Number(context.clientId);
  if (item.organizationId !== undefined && item.organizationId !== current?.organizationId) {
    const found = await store.collection('organisations').findOne({ clientId, id: item.organizationId });
    if (!found) throw problemsError(400, [detail('/organizationId', 'projects.unknownOrganisation')]);
  }
  if (item.logoUrl !== undefined && item.logoUrl !== current?.logoUrl && !(await isLogo(store, clientId, item.logoUrl)))
    throw problemsError(400, [detail('/logoUrl', 'projects.badLogo')]);
  const { hasEdit: _h, organizationName: _o, ...stored } = item;
  return stored as StoredProject;
};

/**
 * afterChange of a new project: the Project code generator advances when the project's code is its next code
 * (compare-and-set on its baseCode, as GET /api/settings/codegenerator/{id}/generate does); a code typed by hand
 * leaves it as it is.
 */
export const advanceProjectCode: AfterChangeHook<StoredProject> = async (project, { context, store }) => {
  const setting = await projectCodeGenerator(store, context.clientId);
  if (setting?.active !== true) return project;
  const next = nextCode(setting as never, context.now);
  if (next.code !== project.code) return project;
  const advanced = derives.codeGeneratorCodes(
    { ...setting, baseStart: next.baseStart, baseEnd: next.baseEnd },
    context.now,
  );
  await store.collection<Record<string, unknown>>('codeGeneratorSettings').findOneAndUpdate(
    { _id: setting._id, baseCode: setting.baseCode },
    {
      $set: {
        baseStart: advanced.baseStart,
        baseEnd: advanced.baseEnd,
        baseCode: advanced.baseCode,
        nextCode: advanced.nextCode,
        modified: context.now.toISOString(),
      },
    },
  );
  return project;
};
