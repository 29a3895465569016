/**
 * Named route loaders, referred to by `loader` in schemas/screens/routes.json. A loader's data is its
 * route's: the breadcrumbs read it (`{project.code}`), and ScreenPage hands it to the screen by loader
 * name (`loaderData.form`), so a screen never fetches it again.
 */
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { type FirstCall, loaderCalls, type RouteParams } from '../../engine/rules/first-calls';
import { ApiError, callOperation, callOperationText, routeFileCallsThrough } from '../api/client';
import type { FormDefinition } from '../api/types';
import { optionalSessionFor, PASSWORD_PATH, sessionFor } from './guards';
import { localDate, type ScanAnswer, scanTarget } from './qr-scan';
import type { SectionStart } from './section';
import * as sectionModule from './section';
import { startTopBarDocuments } from './top-bar-documents';

/**
 * The `index`th call of a named loader for the route's parameters (engine/rules/first-calls.ts loaderCalls: the
 * server answers the same calls into the page it sends).
 */
function loaderCall(loader: string, params: RouteParams, index = 0): FirstCall {
  const call = loaderCalls(loader, params)[index];
  if (!call) throw new Error(`Loader ${loader} has no call ${index}`);
  return call;
}

/** Turns a 401 into the unauthorised page; other errors go to the route's error element. */
async function guarded<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/unauthorized');
    throw error;
  }
}

/** The form creator's calls for a form, started by the `workingCopy` loader (area and id as in the path). */
export interface WorkingCopyLoad {
  formArea: string;
  formId: string;
  copy: Promise<FormDefinition>;
  /** forms.publishImpact's answer (designer/page/PublishDialog.tsx PublishImpact). */
  impact: Promise<unknown>;
}

export interface RouteLoader {
  load: (args: LoaderFunctionArgs) => Promise<unknown>;
  shouldRevalidate?: (args: ShouldRevalidateFunctionArgs) => boolean;
  /**
   * Loads the code `load` imports on demand, and starts what needs no session (calls on the path alone); started
   * beside the route's guards, so it costs no round of its own.
   */
  code?: (args: LoaderFunctionArgs) => Promise<unknown>;
}

/**
 * The section's code (menus, the guard checks and their flow): the shell loader's, in the entry's chunk. As a chunk of
 * its own, loaded on demand, its `import()` resolved only after the route's code had initialised (30-40 ms of the
 * main thread on a form page), so the guard's call and the menu's document went out then, a round trip that the form's
 * render waited for (issue 21 "Speed", docs/performance.md "What a form page parses").
 */
const sectionCode = () => Promise.resolve(sectionModule);

const sectionStarts = new WeakMap<Request, Promise<{ section: typeof import('./section'); started: SectionStart }>>();

/**
 * The section's code and, once it is in, the section's work that needs no user (its menu's document and its guard's
 * call on the path alone: section.ts startSection), once per navigation request. The route starts it beside its
 * guards (RouteLoader `code`), so the guard's call goes with the session's instead of a round trip after it (issue
 * 21 "Speed", the form page's first paint).
 */
function sectionStart(request: Request) {
  let start = sectionStarts.get(request);
  if (!start) {
    const path = new URL(request.url).pathname;
    start = sectionCode().then((section) => ({ section, started: section.startSection(path) }));
    sectionStarts.set(request, start);
  }
  return start;
}

const workingCopies = new WeakMap<Request, WorkingCopyLoad>();

/**
 * The working copy's two calls for a navigation request (area and id as in the path), asked once per request: the
 * route's `code` starts them beside its access question, and its loader takes the same promises.
 */
function workingCopyCalls({ request, params }: LoaderFunctionArgs): WorkingCopyLoad {
  let load = workingCopies.get(request);
  if (!load) {
    const formArea = params.formArea ?? '';
    const formId = params.formId ?? '';
    const [copyCall, impactCall] = [loaderCall('workingCopy', params, 0), loaderCall('workingCopy', params, 1)];
    const copy = callOperation<FormDefinition>(copyCall.operation, { params: copyCall.params });
    const impact = callOperation<unknown>(impactCall.operation, { params: impactCall.params });
    // A page that is left (or refused) before it mounts never takes them: their failure is not an unhandled one.
    copy.catch(() => undefined);
    impact.catch(() => undefined);
    load = { formArea, formId, copy, impact };
    workingCopies.set(request, load);
  }
  return load;
}

/** What GET /api/external/{token} answers (api/external/forms.ts openView): the external page's data. */
export interface ExternalPageData {
  kind: string;
  type: string;
  client: { name: string; logoUrl?: string; primaryColour?: string; secondaryColour?: string; tertiaryColour?: string };
  title: string;
  projectName: string;
  recipientName: string;
  recipientOrganisation: string;
  repliesTo: { entryNumber: number; date: string; enteredBy: string } | null;
  form: FormDefinition;
}

/** The shared folder page's data (the `sharedFolder` loader): the link's folder, relative to the documents root. */
export interface SharedFolderPageData {
  kind: 'shared-folder';
  folder: string;
  /** The client's branding for the external shell (GET .../bysecuritycode/{token}/about). */
  client?: {
    name?: string;
    logoUrl?: string;
    primaryColour?: string;
    secondaryColour?: string;
    tertiaryColour?: string;
  };
  projectName?: string;
}

/** The sessionStorage key marking a link closed in this tab (issue 25 §2: reopened after Close: /closed). */
export function closedKey(token: string): string {
  return `externalClosed:${token}`;
}

/** Loaders by name. */
export const routeLoaders: Readonly<Record<string, RouteLoader>> = {
  /**
   * The shell: the session user and current client (ShellData), and the section of the path (its menu,
   * guarded by the menu's named guard: ./section.ts). Re-run on every change of path (the guards run on
   * each navigation), and when the URL stays the same: an explicit revalidation, e.g. after a client switch
   * that keeps the page, so the shell shows the new client. A Pending user is sent to /account/password
   * on every navigation until the password is changed (shell-access-navigation.md §4).
   */
  shell: {
    load: async ({ request }) => {
      const path = new URL(request.url).pathname;
      const [data, { section, started }] = await Promise.all([sessionFor(request), sectionStart(request)]);
      if (data.user.status === 'Pending' && path !== PASSWORD_PATH) throw redirect(PASSWORD_PATH);
      return { ...data, section: await section.sectionData(data.user, path, started) };
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) =>
      currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href,
    code: ({ request }) => {
      startTopBarDocuments();
      return sectionStart(request);
    },
  },
  /** The privacy policy's login check (§2.1): the session if there is one; the page shows either way. */
  optionalSession: {
    load: ({ request }) => optionalSessionFor(request),
  },
  /**
   * /unauthorized (issue 19): the session of an active user, whose page shows inside the shell (its code loaded
   * here, with the answer), else null: the public page with the link to log in.
   */
  unauthorized: {
    load: async ({ request }) => {
      const session = await optionalSessionFor(request);
      if (!session || session.user.status === 'Pending') return null;
      await import('../pages/UnauthorizedInShell');
      return session;
    },
  },
  /** /logout: POST /logout (a failure still logs out locally), then /login. */
  logout: {
    load: async () => {
      await callOperation('auth.logout').catch(() => undefined);
      return redirect('/login');
    },
  },
  /** The project's summary ({ code, name }). */
  project: {
    load: ({ params }) =>
      guarded(() => {
        const { operation, params: path } = loaderCall('project', params);
        return callOperation<{ code: string; name: string }>(operation, { params: path });
      }),
  },
  /**
   * The user's activity on the route's project in quantity surveying (`{ activity, process }`, GET
   * /api/authorization/qs/{projectId}): screens hide their changes from a View user (qs/{id}/subcontractors).
   */
  qsActivity: {
    load: ({ params }) =>
      guarded(() => {
        const { operation, params: path } = loaderCall('qsActivity', params);
        // No access (403, 404): no activity; the section guard sends the user away.
        return callOperation<{ activity: string | null }>(operation, { params: path }).catch((error) => {
          if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return { activity: null };
          throw error;
        });
      }),
  },
  /** The published form definition a project fills: the register's columns and title, the entry form. */
  form: {
    load: ({ params }) =>
      guarded(() => {
        const { operation, params: path } = loaderCall('form', params);
        return callOperation<FormDefinition>(operation, { params: path });
      }),
  },
  /**
   * The form creator's working copy of form `formId` (`forms.get`) and its publish impact (`forms.publishImpact`: the
   * ids its versions used, its entries), asked by the route's `code`, beside the session's call and the route's
   * access question (calls on the path alone: the API answers them only to an area admin, and a denied route never
   * reads them), instead of a round trip after the session (issue 21 "Speed": the creator's open). Not awaited: the
   * data is `{ workingCopy: WorkingCopyLoad }` with the two calls' promises, which the page takes when it mounts for
   * this form (designer/FormCreatorPage.tsx) and whose failure it shows. Asked again only for another form.
   */
  workingCopy: {
    load: async (args): Promise<{ workingCopy: WorkingCopyLoad }> => ({ workingCopy: workingCopyCalls(args) }),
    shouldRevalidate: ({ currentParams, nextParams }) =>
      currentParams.formId !== nextParams.formId || currentParams.formArea !== nextParams.formArea,
    code: async (args) => workingCopyCalls(args),
  },
  /**
   * /external/{token} (issue 25 §2): the external form page's data through the link's token, signed out. A refused
   * token opens the §8 page of its type (/unauthorized?security={type}; the type is left out when the token is
   * unknown); a link closed in this tab opens /closed (its answers were not saved; the e-mail's link opens the
   * form again in a new tab). While the page is open, the form's file calls go through the token.
   */
  externalLink: {
    load: async ({ params }) => {
      const token = params.token ?? '';
      if (globalThis.sessionStorage?.getItem(closedKey(token))) return redirect('/closed');
      try {
        const data = await callOperation<ExternalPageData>('external.open', { params: { token } });
        routeFileCallsThrough(token);
        return data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 410) {
          const type = error.answer?.type;
          return redirect(
            typeof type === 'string' ? `/unauthorized?security=${encodeURIComponent(type)}` : '/unauthorized',
          );
        }
        throw error;
      }
    },
    // Its data stays while the page is open (a submit or Close leaves it).
    shouldRevalidate: () => false,
  },
  /**
   * /shared-folder/{projectId}/{token} (issue 23 item 3; administration-data.md §6 "The shared document guard allows
   * on 'true'. Otherwise it goes to /unauthorized"): the link's folder (GET .../dms/getSharedFolderPath/{token}),
   * then the guard's check of the token for it (authorization.dmsShared), then the client's name, logo and colours
   * and the project's name for the external shell (dms.sharedFolderAbout); a refusal or an unknown, expired or
   * revoked token opens /unauthorized. Signed out: the page is the external shell's.
   */
  sharedFolder: {
    load: async ({ params }) => {
      const projectId = params.projectId ?? '';
      const token = params.token ?? '';
      if (!/^\d+$/.test(projectId) || token === '') return redirect('/unauthorized');
      try {
        const shared = await callOperationText('dms.sharedFolderPath', { params: { projectId, token } });
        const folder = shared.trim().replace(/^"|"$/g, '');
        const allowed = await callOperationText('authorization.dmsShared', {
          params: { projectId },
          query: { securityToken: token, folder },
        });
        if (allowed.trim() !== 'true') return redirect('/unauthorized');
        const about = (await callOperation('dms.sharedFolderAbout', { params: { projectId, code: token } })) as Pick<
          SharedFolderPageData,
          'client' | 'projectName'
        >;
        return {
          kind: 'shared-folder',
          folder,
          client: about.client,
          projectName: about.projectName,
        } satisfies SharedFolderPageData;
      } catch {
        return redirect('/unauthorized');
      }
    },
    shouldRevalidate: () => false,
  },
  /**
   * /noresponse?closed={token}: the external page's Close (issue 25 §2): the link is marked closed in this tab (so
   * going back to it shows /closed), then the page shows without the token in its address.
   */
  externalClosed: {
    load: async ({ request }) => {
      const token = new URL(request.url).searchParams.get('closed');
      if (token === null) return null;
      globalThis.sessionStorage?.setItem(closedKey(token), '1');
      routeFileCallsThrough(null);
      return redirect('/noresponse');
    },
  },
  /**
   * /qr/{token}: a scanned QR code (runtime/shell/qr-scan.ts). The API says what the code opens for the caller;
   * a code of another of the user's clients switches to it first. Not signed in (401): the login page, back
   * here after it. Anything else (a code that is not ours, a stopped setup, a role without a type): /unauthorized.
   */
  qrScan: {
    load: async ({ params, request }) => {
      const token = params.token ?? '';
      let answer: ScanAnswer;
      try {
        answer = await callOperation<ScanAnswer>('qrCodes.scan', {
          params: { token },
          query: { today: localDate(new Date()) },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401)
          return redirect(`/login?returnUrl=${encodeURIComponent(`/qr/${token}`)}`);
        return redirect('/unauthorized');
      }
      if (answer.action !== 'publicView') {
        const session = await optionalSessionFor(request);
        if (session && session.client?.id !== answer.clientId)
          await callOperation('auth.setClient', { params: { clientId: String(answer.clientId) } });
      }
      return redirect(scanTarget(answer, token));
    },
  },
  /**
   * /offline/{projectId}/… (issue 26): the project as the device keeps it (its bundle, runtime/offline-pages
   * offline-api projectBundle), `{ projectId, code, name, canEdit, onDevice }`, for the breadcrumbs and the
   * offline register's Add; a project not on the device has its id as code. Read from IndexedDB: no network.
   */
  offlineProject: {
    load: async ({ params }) => {
      const { projectBundle } = await offlinePagesCode();
      const projectId = Number(params.projectId);
      const bundle = await projectBundle(projectId).catch(() => undefined);
      return bundle
        ? { projectId, code: bundle.project.code, name: bundle.project.name, canEdit: bundle.canEdit, onDevice: true }
        : { projectId, code: String(params.projectId ?? ''), name: '', canEdit: false, onDevice: false };
    },
    code: () => offlinePagesCode(),
  },
  /**
   * /offline/{projectId}/{qa|health-and-safety}/{formId}/… (issue 26): the form's title as the bundle keeps it, for
   * the breadcrumbs (`{ id, title }`; the id as title when the bundle does not have it).
   */
  offlineForm: {
    load: async ({ params }) => {
      const { projectBundle } = await offlinePagesCode();
      const bundle = await projectBundle(Number(params.projectId)).catch(() => undefined);
      const form = bundle?.forms.find((f) => String(f.id) === params.formId && f.formArea === params.formArea);
      return { id: Number(params.formId), title: form?.title ?? String(params.formId ?? '') };
    },
    code: () => offlinePagesCode(),
  },
};

/** The offline pages' device access (loaded on demand: only /offline needs it). */
const offlinePagesCode = () => import('../offline-pages/offline-api');
