/**
 * Signature: a signature drawn on a pad (form-configuration.md §2 'signature-pad', §5, §9), stored as a
 * PNG file in the file store; the answer is the file's path. The rules are engine/forms/signature.ts.
 * A question with allowThirdPartySignature also saves the name of a third party who signed
 * (`signatureByThirdParty`): the CSV gives it a column of its own, the register shows it beside the file.
 */
import { message } from '../../messages/catalogue';
import type { Answer, SignatureQuestion } from '../../types/generated';
import { partHeader, valuesDisplayText } from './display';
import { FILE_PATH_PATTERN, fileName } from './file-upload';
import { TEXT_MAX_LENGTH } from './shared';
import type { FieldType } from './types';

/** The signature's file name, with the third party's name when one signed. */
const answerText: FieldType['answerText'] = (_question, answer, format) => {
  const file = valuesDisplayText(fileName, answer.answers, format.number);
  const name = answer.signatureByThirdParty;
  return name ? message('csv.signedBy', { file, name }) : file;
};

export const signature: FieldType<SignatureQuestion> = {
  name: 'signature',
  questionType: 'Signature',
  titleId: 'fieldType.signature',
  icon: 'Draw',
  summaryId: 'fieldType.signature.summary',
  description: 'A signature drawn on a pad, kept as a PNG file (signature-pad); the answer is its path.',
  properties: {
    allowThirdPartySignature: {
      type: 'boolean',
      default: false,
      'x-title': 'question.allowThirdPartySignature',
      description: "Asks the name of a third party who signed, saved as the Answer's signatureByThirdParty.",
      'x-editor': 'switch',
    },
  },
  example: {
    question: { id: 18, label: 'Signed by the supervisor', type: 'Signature' },
    good: 'questions/18/p2q7/signature.png',
    bad: 'signature.png',
  },
  widget: 'signature-pad',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: 500, pattern: FILE_PATH_PATTERN }),
  uiSchema: (q) => ({ 'ui:widget': 'signature-pad', 'ui:options': { folder: `questions/${q.id}` } }),
  extraFields: [
    {
      // The name of a third party who signed, shown with the question.
      suffix: 'name',
      answerField: 'signatureByThirdParty',
      when: (q) => q.allowThirdPartySignature === true,
      schema: () => ({ type: 'string', title: message('signature.thirdPartyName'), maxLength: TEXT_MAX_LENGTH.Normal }),
      uiSchema: () => ({ 'ui:widget': 'hz-input' }),
    },
  ],
  multiValued: false,
  entryFiles: true,
  signed: true,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  displayText: fileName,
  answerText,
  // The file's name under the label; with allowThirdPartySignature, the signer's name in the next column.
  csvColumns: (question, format) => [
    { header: question.label, cell: (answer) => valuesDisplayText(fileName, answer.answers, format.number) },
    ...(question.allowThirdPartySignature
      ? [
          {
            header: partHeader(question, message('signature.thirdPartyName')),
            cell: (answer: Answer) => answer.signatureByThirdParty ?? '',
          },
        ]
      : []),
  ],
};
