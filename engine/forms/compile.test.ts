import { getDefaultFormState } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { testDefinition } from '../test/definitions';
import type { FormDefinition, Question } from '../types/generated';
import { ajv } from '../validation/ajv';
import {
  compiledFormDefaultsBehavior,
  compiledWidgets,
  compileFormDefinition,
  HYPERLINK_PATTERN,
  type JSONSchema,
  questionSchema,
  sortSelectOptions,
} from './compile';
import { formDataToAnswers } from './entry-data';
import { exampleForm } from './example-form';
import type { FieldUiSchema } from './field-types';

function formWith(questions: Question[], extra: Partial<FormDefinition> = {}): FormDefinition {
  return {
    id: 1,
    clientId: 1,
    formArea: 'quality-assurance',
    title: 'T',
    status: 'Published',
    version: 1,
    pages: [{ id: 1, label: 'P', questions }],
    ...extra,
  };
}

const compiled = compileFormDefinition(exampleForm);
const validate = ajv.compile(compiled.schema);
const valid = (data: unknown) => validate(data) === true;
const base = { q_1: 'Bay 3', q_2: '2026-03-14', q_3: 'C30/37', q_6: true };

describe('compileFormDefinition', () => {
  it('keys properties by answer key, in page order, leaving hidden selects out', () => {
    expect(Object.keys(compiled.schema.properties!)).toEqual([
      'q_1',
      'q_2',
      'q_3',
      'q_4',
      'q_5',
      'q_6',
      'q_7',
      'q_8',
      'q_10',
      'q_11',
    ]);
    expect(compiled.uiSchema['ui:order']).toEqual(Object.keys(compiled.schema.properties!));
    expect(compiled.schema.required).toEqual(['q_1', 'q_2', 'q_3', 'q_6']);
    expect(compiled.schema.type).toBe('object');
  });

  it('maps question types to schemas', () => {
    const p = compiled.schema.properties!;
    expect(p.q_1).toEqual({ type: 'string', title: 'Pour location', maxLength: 4000 });
    expect(p.q_2).toEqual({ type: 'string', title: 'Pour date', format: 'date' });
    expect(p.q_4).toEqual({ type: 'number', title: 'Slump (mm)', minimum: 0, maximum: 250 });
    expect(p.q_5).toEqual({
      type: 'array',
      title: 'Checks completed',
      items: { type: 'string', enum: ['Formwork', 'Reinforcement', 'Cover'] },
      uniqueItems: true,
    });
    expect(p.q_6).toEqual({ type: 'boolean', title: 'Cubes taken', const: true });
    expect(p.q_7).toEqual({ type: 'string', title: 'Comments', maxLength: 20000 });
    expect(p.q_8).toMatchObject({ type: 'string', pattern: HYPERLINK_PATTERN });
    expect(p.q_10).toEqual({ type: 'boolean', title: 'Area cleaned' });
    expect(p.q_11).toEqual({ type: 'number', title: 'Temperature (°C)' });
  });

  it('sorts single-select options numerically and keeps value as title', () => {
    expect(compiled.schema.properties!.q_3.oneOf).toEqual([
      { const: 'C8/10', title: 'C8/10' },
      { const: 'C25/30', title: 'C25/30' },
      { const: 'C30/37', title: 'C30/37' },
      { const: 'C40/50', title: 'C40/50' },
    ]);
  });

  it('sets widgets, input types, help and the blank select placeholder', () => {
    const ui = compiled.uiSchema;
    expect(ui.q_1).toEqual({ 'ui:widget': 'hz-input', 'ui:options': { inputType: 'text' } });
    expect(ui.q_2).toEqual({ 'ui:widget': 'date' });
    expect(ui.q_3).toEqual({ 'ui:widget': 'hz-select', 'ui:placeholder': '', 'ui:help': 'As on the delivery docket' });
    expect(ui.q_4).toEqual({ 'ui:widget': 'hz-input', 'ui:options': { inputType: 'number' } });
    expect(ui.q_5).toEqual({ 'ui:widget': 'hz-checkbox' });
    expect(ui.q_6).toEqual({ 'ui:widget': 'hz-checkbox' });
    expect(ui.q_7).toEqual({ 'ui:widget': 'hz-textarea' });
    expect(ui.q_8).toEqual({ 'ui:widget': 'hz-input', 'ui:options': { inputType: 'url' } });
    for (const key of ui['ui:order'])
      expect(compiledWidgets).toContain((ui[key] as { 'ui:widget': string })['ui:widget']);
  });

  it('compiles one schema per page, labelling unlabelled pages Page N', () => {
    expect(compiled.pages.map((p) => [p.id, p.label, p.keys])).toEqual([
      [1, 'General', ['q_1', 'q_2', 'q_3', 'q_4', 'q_5', 'q_6']],
      [2, 'Page 2', ['q_7', 'q_8', 'q_10', 'q_11']],
    ]);
    const [first, second] = compiled.pages;
    expect(first.schema.required).toEqual(['q_1', 'q_2', 'q_3', 'q_6']);
    expect(second.schema.required).toEqual([]);
    expect(Object.keys(second.schema.properties!)).toEqual(second.keys);
    expect(second.uiSchema['ui:order']).toEqual(second.keys);
    expect(second.uiSchema.q_7).toEqual({ 'ui:widget': 'hz-textarea' });
    expect(second.uiSchema.q_1).toBeUndefined();
  });

  it('keeps the first of a repeated question id', () => {
    const def = formWith([
      { id: 1, label: 'First', type: 'Text' },
      { id: 1, label: 'Again', type: 'Date' },
    ]);
    const c = compileFormDefinition(def);
    expect(c.schema.properties!.q_1.title).toBe('First');
    expect(c.uiSchema['ui:order']).toEqual(['q_1']);
  });

  it('shows a required select without options but makes it impossible to answer', () => {
    const c = compileFormDefinition(formWith([{ id: 4, label: 'Grade', type: 'Dropdown', required: true }]));
    const v = ajv.compile(c.schema);
    expect(c.schema.required).toEqual(['q_4']);
    expect(v({ q_4: 'anything' })).toBe(false);
    expect(v({})).toBe(false);
  });

  it('does not hide a tick box without options (it is not a select)', () => {
    const c = compileFormDefinition(formWith([{ id: 4, label: 'Tick', type: 'Checkbox' }]));
    expect(c.uiSchema['ui:order']).toEqual(['q_4']);
  });
});

describe('the compiled schema validates answers', () => {
  it('accepts a complete entry', () => {
    expect(valid(base)).toBe(true);
    expect(
      valid({
        ...base,
        q_4: 0,
        q_5: ['Cover', 'Formwork'],
        q_7: 'x\ny',
        q_8: 'ftp://files.example/a.pdf',
        q_10: false,
        q_11: -4.5,
      }),
    ).toBe(true);
  });

  it('requires required questions, a ticked required tick box and a ticked box of a required group', () => {
    expect(valid({ ...base, q_1: undefined })).toBe(false);
    expect(valid({ ...base, q_6: false })).toBe(false);
    const c = compileFormDefinition(
      formWith([{ id: 5, label: 'Checks', type: 'Checkbox', required: true, options: [{ id: 1, value: 'A' }] }]),
    );
    const v = ajv.compile(c.schema);
    expect(v({ q_5: [] })).toBe(false);
    expect(v({ q_5: ['A'] })).toBe(true);
  });

  it('rejects values outside the options, bounds, formats and lengths', () => {
    expect(valid({ ...base, q_3: 'C99' })).toBe(false);
    expect(valid({ ...base, q_3: 'c30/37' })).toBe(false);
    expect(valid({ ...base, q_4: 251 })).toBe(false);
    expect(valid({ ...base, q_4: -1 })).toBe(false);
    expect(valid({ ...base, q_4: '12' })).toBe(false);
    expect(valid({ ...base, q_2: '14/03/2026' })).toBe(false);
    expect(valid({ ...base, q_2: '2026-02-30' })).toBe(false);
    expect(valid({ ...base, q_5: ['Cover', 'Cover'] })).toBe(false);
    expect(valid({ ...base, q_5: ['Roof'] })).toBe(false);
    expect(valid({ ...base, q_1: 'x'.repeat(4001) })).toBe(false);
    expect(valid({ ...base, q_7: 'x'.repeat(20000) })).toBe(true);
    expect(valid({ ...base, q_7: 'x'.repeat(20001) })).toBe(false);
  });

  it('accepts http, https and ftp links only, without spaces', () => {
    for (const ok of ['http://a.b', 'https://example.com/x?y=1', 'ftp://host/file'])
      expect(valid({ ...base, q_8: ok }), ok).toBe(true);
    for (const bad of ['example.com', 'javascript:alert(1)', 'https://a b', 'mailto:x@y.z', 'https://'])
      expect(valid({ ...base, q_8: bad }), bad).toBe(false);
  });
});

describe('sortSelectOptions', () => {
  it('sorts numerically, then naturally and case-insensitively, stably', () => {
    expect(sortSelectOptions(['10', '2', '1', '100', '20'])).toEqual(['1', '2', '10', '20', '100']);
    expect(sortSelectOptions(['Item 10', 'item 9', 'Item 1'])).toEqual(['Item 1', 'item 9', 'Item 10']);
    expect(sortSelectOptions(['b', 'B', 'a'])).toEqual(['a', 'b', 'B']);
    expect(sortSelectOptions(['B', 'b'])).toEqual(['B', 'b']);
  });

  it('leaves the input array alone', () => {
    const input = ['2', '1'];
    sortSelectOptions(input);
    expect(input).toEqual(['2', '1']);
  });
});

describe('questionSchema', () => {
  it('treats a Text without extendedType as Normal and ignores min/max outside Number', () => {
    expect(questionSchema({ id: 1, label: 'L', type: 'Text', min: 1, max: 2 })).toEqual({
      type: 'string',
      title: 'L',
      maxLength: 4000,
    });
  });

  it('keeps a repeated option value once', () => {
    const s = questionSchema({
      id: 1,
      label: 'L',
      type: 'Dropdown',
      options: [
        { id: 1, value: 'A' },
        { id: 2, value: 'A' },
      ],
    });
    expect(s.oneOf).toEqual([{ const: 'A', title: 'A' }]);
  });
});

describe('with RJSF (what the runtime renders with)', () => {
  it('validates the compiled schema with @rjsf/validator-ajv8 the same way', () => {
    expect(validator.isValid(compiled.schema as never, base, compiled.schema as never)).toBe(true);
    expect(validator.isValid(compiled.schema as never, { ...base, q_3: 'C99' }, compiled.schema as never)).toBe(false);
  });

  it('needs constAsDefaults "never" so nothing is pre-ticked or pre-selected', () => {
    const schema = compiled.schema as JSONSchema as never;
    const withRjsfDefaults = getDefaultFormState(validator, schema, {}, schema) as Record<string, unknown>;
    expect(withRjsfDefaults.q_6).toBe(true);
    expect(withRjsfDefaults.q_3).toBe('C8/10');
    const withOurs = getDefaultFormState(validator, schema, {}, schema, false, compiledFormDefaultsBehavior) as Record<
      string,
      unknown
    >;
    expect(withOurs.q_6).not.toBe(true);
    expect(withOurs.q_3).toBeUndefined();
  });
});

describe('wrappers, required on page change, a third party’s signature, the month picker', () => {
  const def = testDefinition({ id: 3, title: 'Permit' }, [
    {
      id: 1,
      label: 'One',
      questions: [
        { id: 1, label: 'Permit number', type: 'Text', wrapper: 'horizontal', requiredOnPageChange: true },
        { id: 2, label: 'Method statement', type: 'Text', extendedType: 'Long', wrapper: 'accordion' },
        { id: 3, label: 'Signed', type: 'Signature', wrapper: 'vertical', allowThirdPartySignature: true },
        { id: 4, label: 'Month of works', type: 'Date', picker: 'month' },
      ],
    },
    { id: 2, label: 'Two', questions: [{ id: 5, label: 'Notes', type: 'Text' }] },
  ]);
  const compiled = compileFormDefinition(def);

  it('names the wrapper in the uiSchema and hides the widget’s own label; vertical is the default', () => {
    expect(compiled.uiSchema.q_1).toMatchObject({ 'ui:wrapper': 'horizontal', 'ui:label': false });
    expect(compiled.uiSchema.q_2).toMatchObject({ 'ui:wrapper': 'accordion', 'ui:label': false });
    expect((compiled.uiSchema.q_3 as FieldUiSchema)['ui:wrapper']).toBeUndefined();
  });

  it('requires a required-on-page-change question on its page only, not to save the form', () => {
    expect(compiled.pages[0].schema.required).toEqual(['q_1']);
    expect(compiled.schema.required).toEqual([]);
  });

  it('asks for a third party’s name after a signature that allows it, saved as signatureByThirdParty', () => {
    expect(compiled.pages[0].keys).toEqual(['q_1', 'q_2', 'q_3', 'q_3_name', 'q_4']);
    expect(compiled.schema.properties?.q_3_name).toMatchObject({
      type: 'string',
      title: 'Name of the person who signed',
    });
    const answers = formDataToAnswers(def, { q_3: 'questions/3/abc/signature.png', q_3_name: 'J. Murphy' });
    expect(answers).toEqual([
      { formId: 3, questionId: 3, answers: ['questions/3/abc/signature.png'], signatureByThirdParty: 'J. Murphy' },
    ]);
  });

  it('stores a month as its first day', () => {
    const validate = ajv.compile(compiled.schema);
    expect(compiled.uiSchema.q_4).toEqual({ 'ui:widget': 'date', 'ui:options': { picker: 'month' } });
    expect(validate({ q_4: '2026-11-01' })).toBe(true);
    expect(validate({ q_4: '2026-11-15' })).toBe(false);
  });
});
