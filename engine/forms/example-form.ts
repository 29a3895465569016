/**
 * One small form definition that uses every question kind, hidden questions and an unlabelled page:
 * the shared example the engine's form, register and export tests run against (and that runtime
 * renderer tests can use too), in the spirit of JSON Forms' shared example schemas (STYLE.md).
 */
import type { FormDefinition } from '../types/generated';

/** Question ids of {@link exampleForm}, by what they ask. */
export const exampleQuestionIds = {
  pourLocation: 1,
  pourDate: 2,
  concreteGrade: 3,
  slump: 4,
  checksCompleted: 5,
  cubesTaken: 6,
  comments: 7,
  photoLink: 8,
  unusedSelect: 9,
  areaCleaned: 10,
  temperature: 11,
} as const;

/** A published two-page quality-assurance form (form id 7, version 2, client 1). */
export const exampleForm: FormDefinition = {
  id: 7,
  clientId: 1,
  formArea: 'quality-assurance',
  category: 'inspections',
  title: 'Pour Check',
  status: 'Published',
  version: 2,
  isActive: true,
  pages: [
    {
      id: 1,
      label: 'General',
      questions: [
        { id: 1, label: 'Pour location', type: 'Text', extendedType: 'Normal', required: true, showInRegister: true },
        { id: 2, label: 'Pour date', type: 'Date', required: true, showInRegister: true },
        {
          id: 3,
          label: 'Concrete grade',
          type: 'Dropdown',
          required: true,
          showInRegister: true,
          helpText: 'As on the delivery docket',
          options: [
            { id: 1, value: 'C40/50' },
            { id: 2, value: 'C8/10' },
            { id: 3, value: 'C30/37' },
            { id: 4, value: 'C25/30' },
          ],
        },
        { id: 4, label: 'Slump (mm)', type: 'Text', extendedType: 'Number', min: 0, max: 250 },
        {
          id: 5,
          label: 'Checks completed',
          type: 'Checkbox',
          options: [
            { id: 1, value: 'Formwork' },
            { id: 2, value: 'Reinforcement' },
            { id: 3, value: 'Cover' },
          ],
        },
        { id: 6, label: 'Cubes taken', type: 'Checkbox', required: true },
      ],
    },
    {
      id: 2,
      label: '',
      questions: [
        { id: 7, label: 'Comments', type: 'Text', extendedType: 'Long' },
        { id: 8, label: 'Photo link', type: 'Text', extendedType: 'Hyperlink' },
        { id: 9, label: 'Unused select', type: 'Dropdown' },
        { id: 10, label: 'Area cleaned', type: 'Checkbox' },
        { id: 11, label: 'Temperature (°C)', type: 'Text', extendedType: 'Number', showInRegister: true },
      ],
    },
  ],
};
