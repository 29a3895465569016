/**
 * The object template of the shared renderer: the MUI theme's own, except that a long page (more fields at the
 * form's root than fill the window: firstPaintFields) shows those that fill it in the first render and the others
 * in a React transition right after it (issue 21 "Speed": the form page's first paint at bare RJSF-MUI's or
 * better). A page of 100 questions paints its first screen - about twice a phone's or a desktop's view of fields -
 * in a fifth of the time; the rest follow without holding the paint, and
 * the transition yields to the user's input while it renders. Nested objects and short pages render as the
 * theme renders them. The fields that follow keep their place and their keys: nothing mounts twice.
 *
 * Under React's `act` (the renderer's tests) the transition is flushed with the first render, so a test sees
 * every field as before.
 */
import { Templates } from '@rjsf/mui';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { startTransition, useEffect, useState } from 'react';

const MuiObjectFieldTemplate = Templates.ObjectFieldTemplate as (props: ObjectFieldTemplateProps) => React.ReactElement;

/**
 * The least height of a field on the page (px): a toggle or tickbox row, the lowest kind. A single-line question
 * with its label takes about 90 px (measured in Chromium on the demo forms).
 */
export const LEAST_FIELD_HEIGHT = 48;

/** Fields of a page's first render whatever the window: more than a phone's first screen of the lowest fields. */
export const FIRST_PAINT_FIELDS_AT_LEAST = 12;

/**
 * How many fields a long page's first render holds: enough to fill a window `viewportHeight` px high (by default
 * the window's) with the lowest fields, and never fewer than {@link FIRST_PAINT_FIELDS_AT_LEAST}: 15 on a 720 px
 * window, 20 on a 950 px one (each about twice the screen at single-line questions, which start below the shell's
 * bar and the form's heading). The fields below follow in the transition.
 */
export function firstPaintFields(viewportHeight = typeof window === 'undefined' ? 0 : window.innerHeight): number {
  return Math.max(FIRST_PAINT_FIELDS_AT_LEAST, Math.ceil(viewportHeight / LEAST_FIELD_HEIGHT));
}

/** The theme's object template, rendering a long root object's fields in two steps; see the module comment. */
export default function ProgressiveObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  // Read once per form: a window resized later changes nothing already rendered.
  const [first] = useState(firstPaintFields);
  const long = props.fieldPathId.path.length === 0 && props.properties.length > first;
  const [all, setAll] = useState(!long);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  if (all || !long) return <MuiObjectFieldTemplate {...props} />;
  return <MuiObjectFieldTemplate {...props} properties={props.properties.slice(0, first)} />;
}
