/**
 * The object template of the shared renderer: the MUI theme's own, except that a long page (more fields at the
 * form's root than fill the window) shows those that fill it in the first render and the others in a React
 * transition right after it (issue 21 "Speed": the form page's first paint at bare RJSF-MUI's or better). The first
 * render holds as many fields as typical questions fill half the window with ({@link firstPaintFields}); before the
 * browser paints, a layout effect measures where they end, and when that is above the window's bottom more fields
 * join, synchronously, so the first paint is a full window whatever the fields' heights and however far down the form
 * starts. The rest follow without holding the paint, and the transition yields to the user's input while it renders.
 * Nested objects and short pages render as the theme renders them. The fields that follow keep their place and their
 * keys: nothing mounts twice.
 *
 * Under React's `act` (the renderer's tests) the transition is flushed with the first render, so a test sees
 * every field as before.
 */

import { Templates } from '@rjsf/mui';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useFirstScreenViewport } from '../../shell/first-viewport';

const MuiObjectFieldTemplate = Templates.ObjectFieldTemplate as (props: ObjectFieldTemplateProps) => React.ReactElement;

/**
 * The least height of a field on the page (px): a toggle or tickbox row, the lowest kind. The fields a measure finds
 * missing are counted at this height, so that one more render fills the window.
 */
export const LEAST_FIELD_HEIGHT = 48;

/** The height of a typical question (px): a single-line one with its label, about 90 px in Chromium (demo forms). */
export const TYPICAL_FIELD_HEIGHT = 90;

/** Fields of a page's first render whatever the window: a phone's first screen of typical questions below a heading. */
export const FIRST_PAINT_FIELDS_AT_LEAST = 4;

/**
 * How many fields a long page's first render starts with: as many typical questions as fill half a window
 * `viewportHeight` px high (by default the window's), never fewer than {@link FIRST_PAINT_FIELDS_AT_LEAST}: 4 on a
 * 720 px window, 6 on a 950 px one. A form page's questions start below the shell's bar, the breadcrumbs and the
 * form's heading (about 350 px down on the demo forms), so these about fill the rest; where they end above the
 * window's bottom, the measure before the paint adds what is missing (a render of the new fields only, the others
 * unchanged). Rendering fewer first and measuring costs less than rendering a window's worth that the heading pushes
 * out of view (issue 21 "Speed", docs/performance.md "What a form page parses").
 */
export function firstPaintFields(viewportHeight = typeof window === 'undefined' ? 0 : window.innerHeight): number {
  return Math.max(FIRST_PAINT_FIELDS_AT_LEAST, Math.ceil(viewportHeight / (2 * TYPICAL_FIELD_HEIGHT)));
}

/**
 * The fields to add when the first ones end `end` px from the window's top in a window `viewportHeight` px high:
 * enough of the lowest kind to reach its bottom, none when they already do.
 */
export function fieldsToFill(end: number, viewportHeight: number): number {
  return end < viewportHeight ? Math.ceil((viewportHeight - end) / LEAST_FIELD_HEIGHT) : 0;
}

/** The theme's object template, rendering a long root object's fields in two steps; see the module comment. */
export default function ProgressiveObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  // Read once per form: a window resized later changes nothing already rendered.
  // A first screen drawn on the server (and hydrated) is drawn for its guessed window (shell/first-viewport.ts).
  const drawnFor = useFirstScreenViewport();
  const [first, setFirst] = useState(() => firstPaintFields(drawnFor?.height));
  const long = props.fieldPathId.path.length === 0 && props.properties.length > first;
  const [all, setAll] = useState(!long);
  // Where the first fields end: an empty element after the template.
  const end = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (all || !long || !end.current) return;
    // Before the paint: an update here renders again at once, and the browser paints the result.
    const more = fieldsToFill(end.current.getBoundingClientRect().top, window.innerHeight);
    if (more > 0) setFirst((count) => count + more);
  }, [all, long]);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  if (all || !long) return <MuiObjectFieldTemplate {...props} />;
  return (
    <>
      <MuiObjectFieldTemplate {...props} properties={props.properties.slice(0, first)} />
      <span ref={end} />
    </>
  );
}
