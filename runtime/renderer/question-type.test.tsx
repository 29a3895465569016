/**
 * The renderer's side of "adding a type is one engine file, one widget file and its texts" (issue 20 part 5): the
 * sample Rating type and its star-rating widget of tests/fixtures/question-type, registered from there with nothing
 * of the renderer edited, render a compiled Rating question with that widget (its ranked tester wins the field) and
 * hand its score to the form. The engine's side (compile, validation, register and CSV) is tests/question-type.test.ts.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen } from '@testing-library/react';
import { compileFormDefinition } from '../../engine/forms/compile';
import { type AnyFieldType, registerFieldType } from '../../engine/forms/field-types';
import { addMessages } from '../../engine/messages/catalogue';
import type { FormDefinition } from '../../engine/types/generated';
import texts from '../../tests/fixtures/question-type/messages.json';
import { SchemaForm } from './SchemaForm';
import { pickWidget, registerWidget, type WidgetRegistration } from './widgets';
import { RANK_NAMED } from './widgets/testers';

/**
 * Where docs/authoring.md "A new question type" has installed the sample (tests/authoring.test.ts runs this file in
 * its copy with SAMPLE_QUESTION_TYPE=installed), the widget is one of runtime/renderer/widgets, collected with the
 * others, and the type the repository's own: nothing is registered here.
 */
const installed = process.env.SAMPLE_QUESTION_TYPE === 'installed';

/**
 * Otherwise the fixture is loaded as a type shipped apart would be, by a path the type checker does not follow (it
 * names the generated RatingQuestion and catalogue ids this repository does not have; tests/authoring.test.ts
 * type-checks it installed).
 */
if (!installed) {
  const fixture = (file: string) => new URL(`../../tests/fixtures/question-type/${file}`, import.meta.url).href;
  const { rating } = (await import(/* @vite-ignore */ fixture('rating.ts'))) as { rating: AnyFieldType };
  const { registration } = (await import(/* @vite-ignore */ fixture('StarRatingWidget.tsx'))) as {
    registration: WidgetRegistration;
  };
  addMessages(texts);
  registerFieldType(rating);
  registerWidget(registration);
}

const definition = {
  id: 90,
  clientId: 1,
  formArea: 'quality-assurance',
  title: 'Site rating',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: '',
      questions: [
        { id: 1, label: 'Housekeeping', type: 'Rating', scale: 4, required: true },
        { id: 2, label: 'Comments', type: 'Text' },
      ],
    },
  ],
} as unknown as FormDefinition;

describe('a question type and widget registered from a fixture folder', () => {
  it("wins its question's field by its ranked tester", () => {
    const { schema, uiSchema } = compileFormDefinition(definition);
    const field = schema.properties?.q_1 as RJSFSchema;
    const picked = pickWidget(uiSchema.q_1 as UiSchema, field);
    expect(picked?.name).toBe('star-rating');
    expect(picked?.tester(uiSchema.q_1 as UiSchema, field)).toBe(RANK_NAMED);
    // It claims no field that does not name it: an integer elsewhere keeps its usual widget.
    expect(pickWidget(undefined, { type: 'integer' })?.name).not.toBe('star-rating');
  });

  it('renders the question with its widget and hands the chosen score to the form', () => {
    const compiled = compileFormDefinition(definition);
    const onChange = vi.fn();
    render(
      <SchemaForm
        schema={compiled.schema as RJSFSchema}
        uiSchema={compiled.uiSchema as UiSchema}
        onChange={onChange}
        submitLabel="Submit"
      />,
    );
    expect(screen.getByText('Housekeeping *')).toBeInTheDocument();
    // Four stars, each read as its score out of the question's scale (the sample's own texts).
    expect(screen.getAllByRole('radio', { name: /of 4$/ })).toHaveLength(4);
    // A click alone (MUI's Rating reads a hovered star from the pointer's position, which jsdom does not lay out).
    fireEvent.click(screen.getByRole('radio', { name: '3 of 4' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q_1: 3 }));
  });
});
