/**
 * The access question of an operation (engine/rules/operation-access.ts; issue 19): the area read from
 * {formArea} and {type}, the project from its parameter, the section codes of a form area's project questions,
 * and what a malformed or not yet known parameter means. api/access.test.ts checks that it answers as the API does.
 */
import { operationAccess } from '../types/generated/operation-access';
import type { AccessSubject } from './access';
import { areaOfFormArea, operationAllowed, operationAllowedByName, operationQuestion } from './operation-access';

const viewer: AccessSubject = {
  processes: [],
  access: {
    clientId: 1,
    flags: { accessTheirProjects: true },
    projects: [{ projectId: 1, activity: 'View', accessCodes: [23, 24] }],
  } as never,
};
const hsAdmin: AccessSubject = {
  processes: [],
  access: { clientId: 1, flags: { accessHS: true }, projects: [] } as never,
};
const admin: AccessSubject = { processes: [{ process: 'Admin', activity: 'Edit' }] };

describe('operationQuestion', () => {
  it("asks a section's codes of a project question naming one (the drawing register: site work 1-13)", () => {
    const question = operationQuestion(
      { action: 'view', area: 'projects', project: 'projectId', section: 'sitework' },
      { projectId: '1' },
    );
    expect(question).toEqual({
      action: 'view',
      target: { area: 'projects', projectId: 1, codes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
    });
    // The viewer holds QA codes only on project 1: no site work.
    expect(operationAllowedByName(viewer, 'drawingRegister.list', { projectId: '1' })).toBe(false);
    const siteViewer: AccessSubject = {
      ...viewer,
      access: {
        ...(viewer.access as object),
        projects: [{ projectId: 1, activity: 'View', accessCodes: [2] }],
      } as never,
    };
    expect(operationAllowedByName(siteViewer, 'drawingRegister.list', { projectId: '1' })).toBe(true);
    expect(operationAllowedByName(siteViewer, 'drawingRegister.save', { projectId: '1' })).toBe(false);
  });
  it('reads the area from {formArea} and {type}, and the project with its section codes', () => {
    expect(areaOfFormArea('health-and-safety')).toBe('health-and-safety');
    expect(areaOfFormArea('qs')).toBe('projects');
    const question = operationQuestion(
      { action: 'view', area: '{formArea}', project: 'projectId' },
      { formArea: 'quality-assurance', projectId: '7' },
    );
    expect(question).toEqual({
      action: 'view',
      target: { area: 'quality-assurance', projectId: 7, codes: [23, 24, 25, 26, 27, 28] },
    });
    // An admin question about a project needs no section code.
    expect(
      operationQuestion({ action: 'admin', area: '{formArea}', project: 'projectId' }, { formArea: 'x', projectId: 3 }),
    ).toEqual({ action: 'admin', target: { area: 'projects', projectId: 3 } });
    expect(operationQuestion({ action: 'view', area: '{type}', project: 'p' }, { type: 'qs', p: '2' })).toEqual({
      action: 'view',
      target: { area: 'qs', projectId: 2 },
    });
  });

  it('is notFound for a malformed parameter and unknown for one without a value', () => {
    expect(operationQuestion({ action: 'view', area: '{type}' }, { type: 'nowhere' })).toBe('notFound');
    expect(operationQuestion({ action: 'view', area: 'projects', project: 'id' }, { id: 'documents' })).toBe(
      'notFound',
    );
    expect(operationQuestion({ action: 'view', area: 'projects', project: 'id' }, { id: '' })).toBe('unknown');
    expect(operationQuestion({ action: 'view', area: '{formArea}' }, {})).toBe('unknown');
  });
});

describe('operationAllowed', () => {
  it('asks the settings administrator of an admin operation, then the question', () => {
    expect(operationAllowed(hsAdmin, { access: 'admin' }, {})).toBe(false);
    expect(operationAllowed(admin, { access: 'admin' }, {})).toBe(true);
    expect(operationAllowed(viewer, { access: 'tenant' }, {})).toBe(true);
  });

  it("lets an area's administrator use its forms' QR code and label setups, and no other area's", () => {
    const qr = { formArea: 'health-and-safety', entryNumber: '5' };
    expect(operationAllowedByName(hsAdmin, 'qrCodes.getall', qr)).toBe(true);
    expect(operationAllowedByName(hsAdmin, 'labelPreparation.getall', { ...qr, formEntryNumber: '5' })).toBe(true);
    expect(operationAllowedByName(hsAdmin, 'qrCodes.getall', { ...qr, formArea: 'quality-assurance' })).toBe(false);
    expect(operationAllowedByName(viewer, 'qrCodes.getall', qr)).toBe(false);
  });

  it('refuses a view user what changes a project: adding entries, their QR codes and labels', () => {
    const onProject = { projectId: '1', formArea: 'quality-assurance', entryNumber: '1', formEntryNumber: '1' };
    expect(operationAllowedByName(viewer, 'entries.getall', onProject)).toBe(true);
    expect(operationAllowedByName(viewer, 'entries.submit', onProject)).toBe(false);
    expect(operationAllowedByName(viewer, 'qrCodes.generate', onProject)).toBe(false);
    expect(operationAllowedByName(viewer, 'labelPreparation.export', onProject)).toBe(false);
    expect(operationAllowedByName(admin, 'labelPreparation.export', onProject)).toBe(true);
    // A project the question cannot read yet is the API's to refuse when the call is made.
    expect(operationAllowedByName(viewer, 'entries.submit', { formArea: 'quality-assurance' })).toBe(true);
  });

  it('reads the body-located project of the generated table', () => {
    expect(operationAccess['qrCodes.generate'].can).toMatchObject({ project: 'projectId', projectIn: 'body' });
    expect(operationAccess['auth.login']).toBeUndefined();
  });
});
