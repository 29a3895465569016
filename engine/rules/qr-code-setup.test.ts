import { describe, expect, it } from 'vitest';
import { demoSeed } from '../../fixtures/seed';
import { testDefinition } from '../test/definitions';
import type { QrCodeSetupInput } from '../types/generated';
import {
  checkQrCodeSetup,
  createTypeDisabled,
  isPopulateDate,
  isPublicUrl,
  normaliseQrSetup,
  populateAnswers,
  populateQuestions,
  qrNameProblem,
  qrRoles,
  typeOfRole,
} from './qr-code-setup';

const form = testDefinition({ id: 9, title: 'Gate check' }, [
  {
    id: 1,
    label: 'Checks',
    questions: [
      { id: 1, label: 'Location', type: 'Text' },
      { id: 2, label: 'Notes', type: 'Text', extendedType: 'Long' },
      { id: 3, label: 'Photo link', type: 'Text', extendedType: 'Hyperlink' },
      { id: 4, label: 'Count', type: 'Text', extendedType: 'Number' },
      { id: 5, label: 'Checked on', type: 'Date' },
      { id: 6, label: 'Month', type: 'Date', picker: 'month' },
      {
        id: 7,
        label: 'Result',
        type: 'Dropdown',
        options: [
          { id: 1, value: 'Pass' },
          { id: 2, value: 'Fail' },
        ],
      },
      {
        id: 8,
        label: 'Checks',
        type: 'Checkbox',
        options: [
          { id: 1, value: 'A' },
          { id: 2, value: 'B' },
        ],
      },
      { id: 9, label: 'Done', type: 'Checkbox' },
      { id: 10, label: '', type: 'Text' },
      { id: 11, label: 'Sign', type: 'Signature' },
    ],
  },
]);
const roles = [
  { id: 1, name: 'Foreman', category: 'EmployeeRole' as const },
  { id: 2, name: 'Architect', category: 'ContactRole' as const },
];
const setup = (overrides: Partial<QrCodeSetupInput> = {}): QrCodeSetupInput => ({
  name: 'Gate',
  roleAccessType: 'RoleBased',
  qrCodeRoleDetails: [{ roleId: 1, type: 0 }],
  qrCodeTypeDetails: [{ type: 0 }],
  ...overrides,
});
const ids = (s: QrCodeSetupInput) => checkQrCodeSetup(s, { form, roles, others: [] }).map((p) => p.messageId);

describe('QR code setup rules', () => {
  it('checks the name: required, 25 characters, letters digits spaces, unique ignoring spaces and case but not itself', () => {
    const others = [{ id: 4, name: 'North Gate' }];
    expect(qrNameProblem('', others)).toBe('qrCode.nameRequired');
    expect(qrNameProblem('   ', others)).toBe('qrCode.nameRequired');
    expect(qrNameProblem('A'.repeat(25), others)).toBeNull();
    expect(qrNameProblem('A'.repeat(26), others)).toBe('qrCode.nameTooLong');
    expect(qrNameProblem('Gate-1', others)).toBe('qrCode.nameCharacters');
    expect(qrNameProblem('northgate', others)).toBe('qrCode.nameExists');
    expect(qrNameProblem('North  Gate', others, 4)).toBeNull();
  });

  it('offers the Text, Dropdown, Date and Checkbox questions with a label, each with its input', () => {
    expect(populateQuestions(form).map((q) => [q.id, q.input])).toEqual([
      [1, 'long'],
      [2, 'long'],
      [3, 'url'],
      [4, 'number'],
      [5, 'date'],
      [7, 'dropdown'],
      [8, 'checkbox'],
    ]);
  });

  it('validates Populate values by kind', () => {
    const withValues = (...values: [number, string][]) =>
      ids(
        setup({
          qrCodeRoleDetails: [{ roleId: 1, type: 3 }],
          qrCodeTypeDetails: [
            { type: 3, qrCodeQuestions: values.map(([questionId, value]) => ({ questionId, value })) },
          ],
        }),
      );
    expect(
      withValues([1, 'x'], [3, 'https://a.example.com'], [4, '0'], [5, ''], [7, 'Pass'], [8, 'A'], [8, 'B']),
    ).toEqual([]);
    expect(withValues([1, ' '])).toEqual(['qrCode.populateFillAll']);
    expect(withValues([4, '01x'])).toEqual(['qrCode.invalidNumber']);
    expect(withValues([3, 'ftp://files.example.org/x'])).toEqual([]);
    expect(withValues([3, 'http://localhost/x'])).toEqual(['qrCode.invalidUrl']);
    expect(withValues([5, '2101-01-01'])).toEqual(['qrCode.invalidDate']);
    expect(withValues([7, 'Maybe'])).toEqual(['qrCode.invalidOption']);
    expect(withValues([6, '2026-01-01'])).toEqual(['qrCode.questionNotAllowed']);
    expect(withValues([9, 'true'])).toEqual(['qrCode.questionNotAllowed']);
  });

  it('needs roles, one type per role, questions with Populate roles and roles with Populate questions', () => {
    expect(ids(setup())).toEqual([]);
    expect(ids(setup({ qrCodeRoleDetails: [] }))).toEqual(['qrCode.roleRequired']);
    expect(
      ids(
        setup({
          qrCodeRoleDetails: [
            { roleId: 1, type: 0 },
            { roleId: 1, type: 2 },
          ],
        }),
      ),
    ).toEqual(['qrCode.roleInTwoTypes']);
    expect(ids(setup({ qrCodeRoleDetails: [{ roleId: 3, type: 0 }] }))).toEqual(['qrCode.unknownRole']);
    expect(ids(setup({ qrCodeRoleDetails: [{ roleId: 1, type: 6 }], qrCodeTypeDetails: [] }))).toEqual([
      'qrCode.populateQuestionMandatory',
    ]);
    expect(ids(setup({ qrCodeTypeDetails: [{ type: 4, qrCodeQuestions: [{ questionId: 1, value: 'x' }] }] }))).toEqual([
      'qrCode.populateRoleMandatory',
    ]);
    const problems = checkQrCodeSetup(setup({ qrCodeRoleDetails: [{ roleId: 1, type: 5 }] }), {
      form,
      roles,
      others: [],
    });
    expect(problems[0].message).toBe('<b>Populate 3</b>: Question is mandatory.');
  });

  it('keeps a Non Role Based setup to one View type with an access', () => {
    const nonRole = (details: QrCodeSetupInput['qrCodeTypeDetails']) =>
      ids({ name: 'Board', roleAccessType: 'NonRoleBased', qrCodeRoleDetails: [], qrCodeTypeDetails: details });
    expect(nonRole([{ type: 2, accessType: 'Public' }])).toEqual([]);
    expect(nonRole([{ type: 1, accessType: 'Public' }])).toEqual(['qrCode.nonRoleBasedShape']);
    expect(nonRole([])).toEqual(['qrCode.nonRoleBasedShape']);
  });

  it('disables Create while CSV upload is allowed and the Create button is off', () => {
    expect(createTypeDisabled({ allowCsvUpload: true, displayEntryCreateButton: false })).toBe(true);
    expect(createTypeDisabled({ allowCsvUpload: true, displayEntryCreateButton: true })).toBe(false);
    expect(createTypeDisabled({ allowCsvUpload: false, displayEntryCreateButton: false })).toBe(false);
    const locked = { ...form, allowCsvUpload: true, displayEntryCreateButton: false };
    expect(checkQrCodeSetup(setup(), { form: locked, roles, others: [] }).map((p) => p.messageId)).toEqual([
      'qrCode.createDisabled',
    ]);
  });

  it('stores Role Based details Private, one per granted type, and a Non Role Based one View detail', () => {
    const saved = normaliseQrSetup(
      setup({
        qrCodeRoleDetails: [
          { roleId: 1, type: 3 },
          { roleId: 2, type: 1 },
        ],
        qrCodeTypeDetails: [
          { type: 3, accessType: 'Public', qrCodeQuestions: [{ questionId: 1, value: 'x' }] },
          { type: 2 },
        ],
      }),
    );
    expect(saved.qrCodeTypeDetails).toEqual([
      { type: 1, accessType: 'Private', qrCodeQuestions: [] },
      { type: 3, accessType: 'Private', qrCodeQuestions: [{ questionId: 1, value: 'x' }] },
    ]);
    expect(typeOfRole({ qrCodeRoleDetails: saved.qrCodeRoleDetails }, 2)).toBe(1);
    expect(typeOfRole({ qrCodeRoleDetails: saved.qrCodeRoleDetails }, 9)).toBeNull();
  });

  it('turns Populate values into answers: numbers, checkbox values together, a blank date the scan date', () => {
    expect(
      populateAnswers(
        form,
        [
          { questionId: 4, value: '7' },
          { questionId: 8, value: 'A' },
          { questionId: 8, value: 'B' },
          { questionId: 5, value: '' },
          { questionId: 99, value: 'gone' },
        ],
        '2026-11-23',
      ),
    ).toEqual([
      { questionId: 4, answers: [7] },
      { questionId: 8, answers: ['A', 'B'] },
      { questionId: 5, answers: ['2026-11-23'] },
    ]);
  });

  it('lists active roles of the five lookups by category', () => {
    const listed = qrRoles(demoSeed.lookupValues.filter((v) => v.clientId === 1));
    expect(listed.map((r) => r.category)).toEqual(
      [...listed.map((r) => r.category)].sort(
        (a, b) =>
          [
            'EmployeeRole',
            'ContactRole',
            'SubContractorPosition',
            'MaterialSupplierPosition',
            'PlantSupplierPosition',
          ].indexOf(a) -
          [
            'EmployeeRole',
            'ContactRole',
            'SubContractorPosition',
            'MaterialSupplierPosition',
            'PlantSupplierPosition',
          ].indexOf(b),
      ),
    );
    expect(listed.some((r) => r.name === 'Yard Manager')).toBe(false); // inactive
    expect(listed.some((r) => r.name === 'Groundworks')).toBe(false); // not a role lookup
    expect(new Set(listed.map((r) => r.category)).size).toBe(5);
  });

  it('knows public urls and Populate dates', () => {
    expect(isPublicUrl('https://www.example.com/a?b=1')).toBe(true);
    for (const url of [
      'http://10.0.0.1',
      'http://172.20.1.1/x',
      'http://printer.local',
      'mailto:a@b.com',
      'http://intranet',
    ])
      expect(isPublicUrl(url), url).toBe(false);
    expect(isPopulateDate('1900-01-01')).toBe(true);
    expect(isPopulateDate('2100-12-31')).toBe(true);
    expect(isPopulateDate('2024-02-29')).toBe(true);
    expect(isPopulateDate('2023-02-29')).toBe(false);
  });
});
