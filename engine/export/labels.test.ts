import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { checkLabelSetup, labelQuestionOptions } from '../rules/label-preparation';
import { testDefinition } from '../test/definitions';
import type { FormEntry } from '../types/generated';
import { labelCsv, labelFileName } from './labels';

const form = {
  ...testDefinition({ id: 3, title: 'Gate check' }, [
    {
      id: 1,
      label: 'Checks',
      questions: [
        { id: 1, label: 'Location', type: 'Text' },
        { id: 2, label: 'Count', type: 'Text', extendedType: 'Number' },
        { id: 3, label: 'Read me', type: 'Note' },
        { id: 4, label: 'Photos', type: 'FileUpload' },
        { id: 5, label: 'Plan', type: 'Image', imageFile: 'x.png' },
        { id: 6, label: '', type: 'Text' },
        {
          id: 7,
          label: 'Checks',
          type: 'Checkbox',
          options: [
            { id: 1, value: 'A' },
            { id: 2, value: 'B' },
          ],
        },
        { id: 8, label: '=cmd', type: 'Text' },
      ],
    },
  ]),
  askLevel: true,
  askProjectName: true,
};

const entry = (entryNumber: number, answers: FormEntry['answers'], extra: Partial<FormEntry> = {}): FormEntry =>
  ({
    id: 100 + entryNumber,
    clientId: 1,
    projectId: 1,
    formId: 3,
    entryNumber,
    date: '2026-11-20T10:00:00.000Z',
    enteredBy: 'A',
    projectName: 'Quay Street',
    client: 'Demo',
    answers,
    ...extra,
  }) as FormEntry;

describe('label preparation', () => {
  it('offers ID, the core header questions of the form flags, and the labelled answered questions', () => {
    expect(labelQuestionOptions(form).map((o) => [o.id, o.label])).toEqual([
      [0, 'ID'],
      [-2, 'Level'],
      [-8, 'Project Name'],
      [1, 'Location'],
      [2, 'Count'],
      [7, 'Checks'],
      [8, '=cmd'],
    ]);
  });

  it('needs a name of at most 25 characters and one question or QR code, each known and once', () => {
    const check = (name: string, questions: number[], codes: number[]) =>
      checkLabelSetup(
        {
          name,
          labelPreparationSetupExportFormQuestions: questions.map((questionId, order) => ({ questionId, order })),
          labelPreparationSetupExportQRCodes: codes.map((qrCodeSetupId, order) => ({ qrCodeSetupId, order })),
        },
        { form, qrCodeSetups: [{ id: 5, name: 'Gate' }] },
      ).map((p) => p.messageId);
    expect(check('Labels', [0], [])).toEqual([]);
    expect(check('Labels', [], [5])).toEqual([]);
    expect(check('', [0], [])).toEqual(['labelPreparation.nameRequired']);
    expect(check('x'.repeat(26), [0], [])).toEqual(['labelPreparation.nameTooLong']);
    expect(check('Labels', [], [])).toEqual(['labelPreparation.itemRequired']);
    expect(check('Labels', [-1, 3], [])).toEqual([
      'labelPreparation.unknownQuestion',
      'labelPreparation.unknownQuestion',
    ]);
    expect(check('Labels', [], [6])).toEqual(['labelPreparation.unknownQrCode']);
    expect(check('Labels', [1, 1], [])).toEqual(['labelPreparation.duplicateItem']);
  });

  it('writes a row per entry: the chosen questions and QR codes (their scan URLs) in the table order', () => {
    const csv = labelCsv(
      form,
      {
        labelPreparationSetupExportFormQuestions: [
          { questionId: 7, order: 2 },
          { questionId: 0, order: 0 },
          { questionId: -2, order: 1 },
          { questionId: 8, order: 3 },
          { questionId: 99, order: 4 },
        ],
        labelPreparationSetupExportQRCodes: [
          { qrCodeSetupId: 5, order: 1 },
          { qrCodeSetupId: 4, order: 0 },
        ],
      },
      [
        entry(
          2,
          [
            { questionId: 7, answers: ['A', 'B'] },
            { questionId: 8, answers: ['=SUM(A1)'] },
          ],
          { levels: ['L1', 'L2'] },
        ),
        entry(1, []),
      ],
      new Map([[5, { name: 'Gate' }]]),
      (e, id) => `https://site.example/qr/${e.entryNumber}-${id}`,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    const rows = Papa.parse<string[]>(csv.slice(1)).data;
    expect(rows).toEqual([
      ['ID', 'Level', 'Gate', 'Checks', "'=cmd"],
      ['2', 'L1, L2', 'https://site.example/qr/2-5', 'A, B', "'=SUM(A1)"],
      ['1', '', 'https://site.example/qr/1-5', '', ''],
    ]);
  });

  it('names the file {yyyyMMdd} {menu name} {form name} {setup name}.csv', () => {
    expect(labelFileName(new Date('2026-11-23T10:00:00Z'), 'Quality Assurance', 'Pour / Slab', 'Gate')).toBe(
      '20261123 Quality Assurance Pour _ Slab Gate.csv',
    );
  });
});
