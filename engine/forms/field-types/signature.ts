/**
 * Signature: a signature drawn on a pad (form-configuration.md §2 'signature-pad', §5, §9), stored as a
 * PNG file in the file store; the answer is the file's path. The rules are engine/forms/signature.ts.
 * A question with allowThirdPartySignature also saves the name of a third party who signed
 * (`signatureByThirdParty`): the CSV gives it a column of its own, the register shows it beside the file.
 */
import { message } from '../../messages/catalogue';
import type { Answer } from '../../types/generated';
import { partHeader, valuesDisplayText } from './display';
import { FILE_PATH_PATTERN, fileName } from './file-upload';
import type { FieldType } from './types';

/** The signature's file name, with the third party's name when one signed. */
const answerText: FieldType['answerText'] = (_question, answer, format) => {
  const file = valuesDisplayText(fileName, answer.answers, format.number);
  const name = answer.signatureByThirdParty;
  return name ? message('csv.signedBy', { file, name }) : file;
};

export const signature: FieldType = {
  name: 'signature',
  widget: 'signature-pad',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: 500, pattern: FILE_PATH_PATTERN }),
  uiSchema: (q) => ({ 'ui:widget': 'signature-pad', 'ui:options': { folder: `questions/${q.id}` } }),
  multiValued: false,
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
