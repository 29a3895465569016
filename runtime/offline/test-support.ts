/**
 * Test support of runtime/offline's tests (not shipped: only the tests import it): a signed-in device, a bundle,
 * and a fake of the batch call that follows contract-26 §2's command semantics (idempotency per commandId, order
 * per entry, skipped after a refusal or conflict, versions, the per-question merge, 401 without a session) for the
 * runner's tests until the server's call lands.
 */

import type {
  Answer,
  FormDefinition,
  OfflineBundle,
  OfflineCommand,
  OfflineCommandResult,
  OfflineCommandsRequest,
} from '../../engine/types/generated';
import { mergeAnswers } from './answers';
import { closeOfflineDbs, currentDb, LAST_SESSION_KEY } from './db';

let nextUser = 1000;

/** Signs a fresh user in on the device (a database of their own) and answers their ids. */
export function signInFreshUser(clientId = 1): { userId: number; clientId: number } {
  closeOfflineDbs();
  nextUser += 1;
  localStorage.setItem(
    LAST_SESSION_KEY,
    JSON.stringify({ userId: nextUser, clientId, fullName: `Site User ${nextUser}`, email: `u${nextUser}@demo.local` }),
  );
  return { userId: nextUser, clientId };
}

/** A two-page form: a required location (in the register), notes, photos, and a required inspector on page 2. */
export function testForm(version = 1): FormDefinition {
  return {
    id: 7,
    clientId: 1,
    formArea: 'quality-assurance',
    title: 'Slab Inspection',
    status: 'Published',
    version,
    isActive: true,
    pages: [
      {
        id: 1,
        label: 'Where',
        questions: [
          { id: 1, label: 'Location', type: 'Text', extendedType: 'Normal', required: true, showInRegister: true },
          { id: 2, label: 'Notes', type: 'Text', extendedType: 'Normal', showInRegister: true },
          { id: 3, label: 'Photos', type: 'FileUpload' },
        ],
      },
      {
        id: 2,
        label: 'Sign-off',
        questions: [{ id: 4, label: 'Inspector', type: 'Text', extendedType: 'Normal', required: true }],
      },
    ],
  } as unknown as FormDefinition;
}

/** A bundle of project 1 with the test form, as the server sends it. */
export function testBundle(change: Partial<OfflineBundle> = {}): OfflineBundle {
  return {
    bundleVersion: 'b1',
    generatedAt: '2026-11-26T10:00:00.000Z',
    project: { id: 1, code: 'CCE-2401', name: 'Corrib Civic Centre' },
    canEdit: true,
    forms: [testForm()],
    formVersions: [],
    projectUsers: [{ id: 2, fullName: 'Site User' }],
    entries: [],
    ...change,
  };
}

/** Puts the test bundle on the device. */
export async function putBundle(change: Partial<OfflineBundle> = {}): Promise<void> {
  await currentDb().bundles.put({ ...testBundle(change), projectId: 1, downloadedAt: new Date().toISOString() });
}

/** An answer of text question `questionId`. */
export function text(questionId: number, value: string): Answer {
  return { questionId, answers: [value] };
}

interface FakeEntry {
  entryId: string;
  entryNumber: number;
  version: number;
  answers: Answer[];
  isDraft: boolean;
}

/**
 * A fake of the server's batch call and bundle (contract-26 §2), as an OfflineFetch. `refuse(command)` names a
 * refusal (e.g. another client's project); `session` false answers 401; `down` true fails like a lost network.
 */
export function fakeServer() {
  const entries = new Map<string, FakeEntry>();
  const applied = new Map<string, OfflineCommandResult>();
  const requests: OfflineCommandsRequest[] = [];
  const server = {
    entries,
    requests,
    session: true,
    down: false,
    bundle: null as OfflineBundle | null,
    /** The user's offline projects (projects.getQaOfflineInfo / updateQaOfflineInfo). */
    projectIds: [] as number[],
    refuse: (_command: OfflineCommand): OfflineCommandResult['error'] | undefined => undefined,
    /** Another user's change of an entry on the server (version + 1). */
    change(entryId: string, answers: Answer[]) {
      const entry = entries.get(entryId) as FakeEntry;
      entry.answers = answers;
      entry.version += 1;
    },
    apply(command: OfflineCommand, blocked: Set<string>): OfflineCommandResult {
      const stored = applied.get(command.commandId);
      if (stored) return { ...stored, repeated: true };
      const id = { commandId: command.commandId, entryId: command.entryId };
      if (blocked.has(command.entryId)) return { ...id, status: 'skipped' };
      const error = server.refuse(command);
      if (error) {
        blocked.add(command.entryId);
        return { ...id, status: 'refused', error };
      }
      let entry = entries.get(command.entryId);
      if (!entry) {
        if (command.kind !== 'createEntry') {
          blocked.add(command.entryId);
          return {
            ...id,
            status: 'refused',
            error: { status: 404, messageId: 'notFound.entry', message: 'The entry was not found.' },
          };
        }
        entry = { entryId: command.entryId, entryNumber: entries.size + 1, version: 0, answers: [], isDraft: true };
        entries.set(command.entryId, entry);
      }
      let answers = command.answers;
      if ((command.baseVersion ?? 0) < entry.version && command.kind !== 'createEntry') {
        const merged = mergeAnswers(testForm(), command.base ?? [], command.answers, entry.answers);
        if (merged.conflicts.length > 0) {
          blocked.add(command.entryId);
          return {
            ...id,
            status: 'conflict',
            entryNumber: entry.entryNumber,
            version: entry.version,
            answers: entry.answers,
            conflicts: merged.conflicts.map((c) => ({
              questionId: c.questionId,
              unit: c.unit,
              base: c.base as never,
              mine: c.mine as never,
              theirs: c.theirs as never,
            })),
          };
        }
        answers = merged.answers;
      }
      entry.answers = answers;
      entry.version += 1;
      if (
        command.kind === 'submit' ||
        ((command.kind === 'createEntry' || command.kind === 'resolve') && command.submit)
      )
        entry.isDraft = false;
      const result: OfflineCommandResult = {
        ...id,
        status: 'applied',
        entryNumber: entry.entryNumber,
        version: entry.version,
        isDraft: entry.isDraft,
        answers,
      };
      applied.set(command.commandId, result);
      return result;
    },
    fetch: async (url: string, init: RequestInit): Promise<Response> => {
      if (server.down) throw new TypeError('Failed to fetch');
      if (!server.session)
        return Response.json({ messageId: 'auth.notLoggedIn', message: 'You are not logged in.' }, { status: 401 });
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/projects/updateQaOfflineInfo/commands' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as OfflineCommandsRequest;
        requests.push(body);
        const blocked = new Set<string>();
        return Response.json({ results: body.commands.map((c) => server.apply(c, blocked)) });
      }
      if (path === '/api/projects/getQaOfflineInfo' && init.method === 'GET')
        return Response.json({ projectIds: server.projectIds, updated: null, projects: [] });
      if (path === '/api/projects/updateQaOfflineInfo' && init.method === 'PUT') {
        server.projectIds = (JSON.parse(String(init.body)) as { projectIds: number[] }).projectIds;
        return Response.json({ projectIds: server.projectIds, updated: null, projects: [] });
      }
      if (path === '/api/projects/getQaOfflineInfo/1' && server.bundle) {
        const tag = `"${server.bundle.bundleVersion}"`;
        if ((init.headers as Record<string, string> | undefined)?.['If-None-Match'] === tag)
          return new Response(null, { status: 304 });
        return Response.json(server.bundle, { headers: { ETag: tag } });
      }
      return Response.json({ messageId: 'common.serverError', message: 'Server error' }, { status: 404 });
    },
  };
  return server;
}
