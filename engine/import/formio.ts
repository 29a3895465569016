/**
 * The Form.io importer (issue 22 §1 "Import", the Form.io bullet; docs/import-and-migration.md "Form.io").
 *
 * `importFormio(source, ctx)` reads a Form.io form - a bare `{ components }` or a whole exported form document
 * (its `title`, `display` and `components` are read; access rules, ids, timestamps and settings are left out with
 * one info finding) - and returns a form-definition draft with a report (engine/import/types.ts). Pure, no I/O.
 *
 * - Pages: `display: 'wizard'` makes each top-level panel a page (its title the page label, its condition the
 *   page's); top-level components outside a panel go on a page of their own. Any other display is one page, as
 *   Form.io shows it; a titled panel, fieldset or well inside leaves its title as a note above its questions
 *   (docs/decisions.md "Form.io import").
 * - Layout (panel, columns, fieldset, well, table, tabs, container, nested form) is flattened: its components
 *   become questions where it stands; a container's (and a nested form's) keys make dotted data paths
 *   (`container1.radio1`), which is how conditions name the question they read.
 * - Each component becomes the closest question type (the table in docs/import-and-migration.md); options are
 *   saved by their labels (conditions on an option's value are rewritten to its label).
 * - Conditions: the simple `conditional` (`show`/`when`/`eq`), the `conditions` list with its `conjunction`, and
 *   JSON Logic `conditional.json` where it maps to the condition language (engine/forms/conditions.ts); the
 *   reference semantics are json-logic-js's (formio.test.ts checks both agree on sample data). A condition that
 *   does not map, reads a question that is not in the draft, or reads one that comes after it, is a finding.
 * - JavaScript (`customConditional`, `calculateValue`, `customDefaultValue`, `validate.custom`, `validate.json`)
 *   and `logic` (triggers and actions) are reported dropped: scripts do not run here.
 *
 * Every element read - each component, each condition, each script, each `logic` list - is counted once in the
 * summary: exact (no finding, or info only), lossy (a lossy finding), dropped (not in the draft).
 * @throws ImportSourceError `import.formio.notFormio` for a source without a `components` array
 */

import { type Condition, conditionDepth } from '../forms/conditions';
import { CONDITION_GROUP_DEPTH } from '../forms/field-types/common';
import { MAX_PAGES, MAX_QUESTIONS } from '../forms/limits';
import { type MessageId, message } from '../messages/catalogue';
import type { MessageParams } from '../messages/fill';
import type { FormDefinitionInput, Page, Question, QuestionOption } from '../types/generated';
import {
  type FindingSeverity,
  type ImportContext,
  type ImportFinding,
  type ImportResult,
  ImportSourceError,
  type ImportSummary,
} from './types';

/** A question before it has its id (Omit over each type of the union, so each keeps its own keywords). */
type NewQuestion = Question extends infer Q ? (Q extends unknown ? Omit<Q, 'id'> : never) : never;

/** A Form.io component as read: any JSON object. */
type Component = Record<string, unknown>;

/** How a question reads in a condition: what its answer is (the operand of a comparison is typed by it). */
type AnswerKind = 'tick' | 'single' | 'multi' | 'number' | 'text' | 'date' | 'grid' | 'none';

/** A question (or a table's column) the draft holds, as conditions find it. */
interface Target {
  /** The data path Form.io names it by: the key, after the keys of the containers (and nested forms) holding it. */
  dataPath: string;
  key: string;
  /** The data path of the container holding it ('box1', 'box1.inner'; '' for the form). */
  scope: string;
  /** The question's id, or undefined for a column of a table (a condition cannot read one). */
  questionId?: number;
  /** Its place in the form (questions in order), for "a condition reads earlier questions". */
  order: number;
  pageIndex: number;
  kind: AnswerKind;
  /** Option value -> the label it is saved as. */
  labels?: Map<string, string>;
  /** Select boxes: Form.io holds the answer as an object of option -> ticked, not as a list. */
  boxes?: boolean;
}

/** What a condition is attached to: some questions (a component's, a flattened panel's) or a page. */
type Attach = { questions: Question[] } | { page: Page; pageIndex: number };

/** A condition read from a component, resolved once every question exists. */
interface PendingCondition {
  element: ElementRecord;
  component: Component;
  label: string;
  scope: string;
  attach: Attach;
}

/** One element read: its path and the worst of its findings. */
interface ElementRecord {
  path: string;
  outcome: 'exact' | 'lossy' | 'dropped';
}

/** The longest label, help text, page label and title the form definition takes. */
const LABEL_MAX = 500;
const HELP_MAX = 1000;
const PAGE_LABEL_MAX = 200;
const TITLE_MAX = 200;
const OPTION_MAX = 200;
const OPTIONS_MAX = 500;
const TABLE_COLUMNS_MAX = 20;
const GRID_ROWS_MAX = 200;
/** How much of a label a finding quotes. */
const FINDING_LABEL_MAX = 80;

/** Layout components: their components are flattened into the page (a container's keys prefix its data). */
const LAYOUT_TYPES = new Set(['panel', 'fieldset', 'well', 'columns', 'column', 'table', 'tabs', 'container']);

/** The parts of a full form document besides title, display and components that are read or named. */
const DOCUMENT_READ = new Set(['title', 'display', 'components', 'name', 'path', 'type']);

/** The state of one import. */
class FormioReader {
  readonly report: ImportFinding[] = [];
  readonly elements: ElementRecord[] = [];
  readonly pages: Page[] = [];
  readonly targets: Target[] = [];
  readonly pending: PendingCondition[] = [];
  readonly questionsById = new Map<number, Question>();
  private nextQuestionId = 1;
  private questionCount = 0;

  /** Counts an element read at `path`. */
  element(path: string): ElementRecord {
    const record: ElementRecord = { path, outcome: 'exact' };
    this.elements.push(record);
    return record;
  }

  /** A finding about `record`; lossy and dropped findings set its outcome (dropped wins). */
  find(record: ElementRecord, severity: FindingSeverity, messageId: MessageId, params: MessageParams = {}): void {
    // A finding names the element by its label; a long one is cut so the report stays readable.
    const named =
      typeof params.label === 'string' ? { ...params, label: clip(params.label, FINDING_LABEL_MAX) } : params;
    this.report.push({ path: record.path, severity, messageId, message: message(messageId, named) });
    if (severity === 'dropped') record.outcome = 'dropped';
    else if (severity === 'lossy' && record.outcome === 'exact') record.outcome = 'lossy';
  }

  /** A finding about the source as a whole (not an element). */
  note(path: string, messageId: MessageId, params: MessageParams = {}): void {
    this.report.push({ path, severity: 'info', messageId, message: message(messageId, params) });
  }

  /**
   * Adds a question to a page unless the form is full (engine/forms/limits.ts): then the element is dropped.
   * @returns the question with its id, or undefined when it was not added
   */
  add(page: Page, record: ElementRecord, question: NewQuestion, label: string): Question | undefined {
    if (this.questionCount >= MAX_QUESTIONS) {
      this.find(record, 'dropped', 'import.formio.questionLimit', { limit: MAX_QUESTIONS, label });
      return undefined;
    }
    const added = { id: this.nextQuestionId++, ...question } as Question;
    page.questions.push(added);
    this.questionsById.set(added.id, added);
    this.questionCount++;
    return added;
  }

  summary(): ImportSummary {
    const summary: ImportSummary = { exact: 0, lossy: 0, dropped: 0 };
    for (const record of this.elements) summary[record.outcome]++;
    return summary;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Text without its HTML: tags dropped, the common entities decoded, white space collapsed. */
function plain(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when HTML holds formatting a plain note cannot show (anything but paragraphs, line breaks and spans). */
function hasFormatting(html: string): boolean {
  const tags = html.match(/<\s*([a-z][a-z0-9]*)/gi) ?? [];
  return tags.some((tag) => !/^<\s*(p|br|div|span)$/i.test(tag));
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** A component's label as shown, or its key, or its type. */
function labelOf(component: Component): string {
  return (
    plain(text(component.label)) ||
    plain(text(component.title)) ||
    plain(text(component.legend)) ||
    text(component.key) ||
    text(component.type) ||
    '?'
  );
}

/** The path of an element: `components[2].components[0] (textField)`. */
function pathOf(raw: string, component: Component, part = ''): string {
  const key = text(component.key);
  return key ? `${raw}${part} (${key})` : `${raw}${part}`;
}

/** True for a default value that says something (not '', [], {}, null, false or an object of falses). */
function meaningfulDefault(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false;
  if (Array.isArray(value)) return value.some(meaningfulDefault);
  if (isRecord(value)) return Object.values(value).some(meaningfulDefault);
  return true;
}

/** A JavaScript property that holds code (a non-empty string, or a JSON Logic object for calculateValue). */
function holdsScript(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || (isRecord(value) && Object.keys(value).length > 0);
}

/** A number from a Form.io setting that may be a number or a numeric string ('' and null are none). */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** A choice of a Form.io list: its value and the label it is shown (and saved here) by. */
interface Choice {
  value: string;
  label: string;
}

/** The choices of a `values` list (radio, selectboxes, survey, select's data.values). */
function choicesOf(values: unknown): Choice[] {
  if (!Array.isArray(values)) return [];
  return values.map((v) => {
    if (isRecord(v)) {
      const value = text(v.value);
      return { value, label: plain(text(v.label)) || value };
    }
    const value = text(v);
    return { value, label: value };
  });
}

/** The property a select's template shows: `{{ item.name }}` gives 'name'. */
function templateProperty(template: unknown): string | undefined {
  return typeof template === 'string' ? /item\.([\w$]+)/.exec(template)?.[1] : undefined;
}

/** The choices of a select with `dataSrc: 'json'` (its `data.json`, a list or JSON text of one). */
function jsonChoices(component: Component, json: unknown): Choice[] {
  let list = json;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const valueProperty = text(component.valueProperty);
  const labelProperty = templateProperty(component.template) ?? 'label';
  return list.map((item) => {
    if (!isRecord(item)) return { value: text(item), label: text(item) };
    const label = text(item[labelProperty]) || text(item.label) || text(item[valueProperty]);
    const value = valueProperty ? text(item[valueProperty]) : text(item.value) || label;
    return { value, label: label || value };
  });
}

/**
 * Options from choices: each label once, non-empty, at most 200 characters, at most 500 options; what is left out
 * is a lossy finding. Also the value -> label map conditions use.
 */
function optionsOf(
  reader: FormioReader,
  record: ElementRecord,
  label: string,
  choices: Choice[],
): { options: QuestionOption[]; labels: Map<string, string> } {
  const options: QuestionOption[] = [];
  const labels = new Map<string, string>();
  const seen = new Set<string>();
  let renamed = false;
  for (const choice of choices) {
    const value = clip(choice.label, OPTION_MAX);
    // A repeated label is one option: a condition on either value reads it.
    if (seen.has(value) && choice.value !== '') labels.set(choice.value, value);
    if (value === '' || seen.has(value) || options.length >= OPTIONS_MAX) {
      reader.find(record, 'lossy', 'import.formio.optionLeftOut', { label, value: choice.label || choice.value });
      continue;
    }
    seen.add(value);
    options.push({ id: options.length + 1, value });
    labels.set(choice.value, value);
    if (choice.value !== value) renamed = true;
  }
  if (renamed) reader.find(record, 'info', 'import.formio.optionsByLabel', { label });
  return { options, labels };
}

/** Which kind of page holds the questions being read: the page itself, created when a question first needs it. */
interface Sink {
  page(): Page;
  pageIndex(): number;
}

/** Where a walk stands: the path of the list, the data scope (containers' keys) and the page. */
interface Place {
  raw: string;
  scope: string;
  sink: Sink;
}

/** The data path of a key in a scope. */
function dataPathOf(scope: string, key: string): string {
  return scope ? `${scope}.${key}` : key;
}

/**
 * Reads a Form.io form into a draft and its report (see the module comment).
 * @param source the parsed JSON of a Form.io form or form document
 * @param ctx the form area and a title for a source without one
 * @returns the draft (not saved), its findings and the counts of elements mapped exactly, lossily, not at all
 * @throws ImportSourceError when the source has no `components` array
 */
export function importFormio(source: unknown, ctx: ImportContext): ImportResult {
  if (!isRecord(source) || !Array.isArray(source.components))
    throw new ImportSourceError('import.formio.notFormio', message('import.formio.notFormio'));
  const reader = new FormioReader();

  const leftOut = Object.keys(source).filter((key) => !DOCUMENT_READ.has(key));
  if (leftOut.length > 0)
    reader.note('', 'import.formio.documentRead', { properties: leftOut.slice(0, 12).join(', ') });

  const components = source.components as unknown[];
  const wizard = source.display === 'wizard';
  if (wizard) readWizard(reader, components);
  else {
    const sink = pageSink(reader, '');
    walk(reader, components, { raw: 'components', scope: '', sink });
  }
  if (reader.pages.length === 0) reader.pages.push({ id: 1, label: '', questions: [] });

  resolveConditions(reader);

  const title = clip(
    text(source.title) || ctx.fallbackTitle?.trim() || text(source.name) || message('import.formio.untitled'),
    TITLE_MAX,
  );
  const definition: FormDefinitionInput = { title, formArea: ctx.formArea, pages: reader.pages };
  return { definition, report: reader.report, summary: reader.summary() };
}

/** A sink making its page (labelled `label`) when a question first needs one. */
function pageSink(reader: FormioReader, label: string, after?: () => void): Sink {
  let page: Page | undefined;
  let index = -1;
  const make = () => {
    if (!page) {
      if (reader.pages.length >= MAX_PAGES) {
        page = reader.pages[reader.pages.length - 1];
        index = reader.pages.length - 1;
      } else {
        page = { id: reader.pages.length + 1, label: clip(label, PAGE_LABEL_MAX), questions: [] };
        reader.pages.push(page);
        index = reader.pages.length - 1;
        after?.();
      }
    }
    return page;
  };
  return {
    page: make,
    pageIndex: () => {
      make();
      return index;
    },
  };
}

/** A wizard: each top-level panel a page; components between panels on a page of their own. */
function readWizard(reader: FormioReader, components: unknown[]): void {
  let loose: Sink | undefined;
  let looseReported = false;
  components.forEach((item, i) => {
    const raw = `components[${i}]`;
    if (isRecord(item) && item.type === 'panel' && reader.pages.length >= MAX_PAGES) {
      // No page left: the panel is flattened onto the last page, as on a one-page form.
      const last = pageSink(reader, '');
      walkOne(reader, item, raw, { raw: 'components', scope: '', sink: last });
      const record = reader.elements.find((e) => e.path === pathOf(raw, item));
      if (record) reader.find(record, 'lossy', 'import.formio.pageLimit', { limit: MAX_PAGES, label: labelOf(item) });
      return;
    }
    if (isRecord(item) && item.type === 'panel') {
      loose = undefined;
      reader.element(pathOf(raw, item));
      // A page shows the panel's title (its label is the builder's name for it, often the same).
      const sink = pageSink(reader, plain(text(item.title)) || labelOf(item));
      // The page exists even when it holds no question yet: its condition belongs to it.
      const page = sink.page();
      readScripts(reader, item, raw, labelOf(item));
      queueCondition(reader, item, raw, '', { page, pageIndex: sink.pageIndex() });
      walk(reader, arrayOf(item.components), {
        raw: `${raw}.components`,
        scope: '',
        sink,
      });
      return;
    }
    if (!loose)
      loose = pageSink(reader, '', () => {
        if (!looseReported) reader.note(raw, 'import.formio.wizardLoose');
        looseReported = true;
      });
    walkOne(reader, item, raw, { raw: 'components', scope: '', sink: loose });
  });
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Reads a list of components at `place.raw` (`components`, `components[2].components`, ...). */
function walk(reader: FormioReader, components: unknown[], place: Place): void {
  components.forEach((item, i) => {
    walkOne(reader, item, `${place.raw}[${i}]`, place);
  });
}

/** The questions a walk adds from here on (for a flattened panel's condition). */
function questionsSince(reader: FormioReader, from: number): Question[] {
  return reader.targets
    .slice(from)
    .filter((t) => t.questionId !== undefined)
    .map((t) => reader.questionsById.get(t.questionId as number) as Question);
}

/** Reads one component at `raw` (its own path) in `place`. */
function walkOne(reader: FormioReader, item: unknown, raw: string, place: Place): void {
  if (!isRecord(item)) {
    reader.find(reader.element(raw), 'dropped', 'import.formio.notComponent');
    return;
  }
  const type = text(item.type);
  const label = labelOf(item);
  const record = reader.element(pathOf(raw, item));

  if (LAYOUT_TYPES.has(type) || (type === 'form' && Array.isArray(item.components))) {
    readLayout(reader, item, raw, place, record, type, label);
    return;
  }
  readScripts(reader, item, raw, label);
  const before = reader.targets.length;
  const question = readComponent(reader, item, raw, place, record, type, label);
  if (question) queueCondition(reader, item, raw, place.scope, { questions: [question] });
  else if (reader.targets.length === before) dropCondition(reader, item, raw, label);
  // Components inside one imported as a whole (an address's parts, say) are not questions of their own.
  if (type !== 'datagrid' && type !== 'editgrid') dropParts(reader, item, raw, label);
}

/**
 * Counts and reports, dropped, every component held by `item` (at any depth), with their scripts and conditions:
 * the parts of a component imported as a whole (an address's fields, a grid nested in a table's column).
 */
function dropParts(reader: FormioReader, item: Component, raw: string, whole: string): void {
  for (const [list, listRaw] of childLists(item, raw))
    list.forEach((part, i) => {
      const partRaw = `${listRaw}[${i}]`;
      if (!isRecord(part)) {
        reader.find(reader.element(partRaw), 'dropped', 'import.formio.notComponent');
        return;
      }
      const label = labelOf(part);
      reader.find(reader.element(pathOf(partRaw, part)), 'dropped', 'import.formio.partOf', { label, whole });
      readScripts(reader, part, partRaw, label);
      dropCondition(reader, part, partRaw, label);
      dropParts(reader, part, partRaw, whole);
    });
}

/** A layout component: its components flattened where it stands (a titled panel, fieldset or well leaves a note). */
function readLayout(
  reader: FormioReader,
  item: Component,
  raw: string,
  place: Place,
  record: ElementRecord,
  type: string,
  label: string,
): void {
  readScripts(reader, item, raw, label);
  const key = text(item.key);
  let scope = place.scope;
  if (type === 'container' && key) scope = dataPathOf(scope, key);
  if (type === 'form') {
    scope = dataPathOf(scope, `${key}.data`);
    reader.find(record, 'lossy', 'import.formio.nestedForm', { label });
  } else reader.find(record, 'info', 'import.formio.flattened', { type, label });

  const from = reader.targets.length;
  const titled =
    ['panel', 'fieldset', 'well'].includes(type) &&
    item.hideLabel !== true &&
    text(item.title || item.legend || item.label) !== '';
  if (titled) {
    const heading = plain(text(item.title) || text(item.legend) || text(item.label));
    if (heading) {
      const note = reader.add(place.sink.page(), record, { type: 'Note', label: clip(heading, LABEL_MAX) }, label);
      if (note) registerTarget(reader, note, place, key ? `__heading__${key}` : '__heading__', 'none');
    }
  }
  for (const [list, listRaw] of childLists(item, raw)) walk(reader, list, { ...place, scope, raw: listRaw });

  const inside = questionsSince(reader, from);
  if (inside.length > 0) queueCondition(reader, item, raw, place.scope, { questions: inside });
  else dropCondition(reader, item, raw, label);
}

/**
 * The component lists a layout component holds, with their paths: a columns' columns, a table's cells, a tabs'
 * tabs (a tab is a panel of the tabs: the tabs' own element counts it), else its components.
 */
function childLists(item: Component, raw: string): Array<[unknown[], string]> {
  const componentsOf = (part: unknown) => (isRecord(part) ? arrayOf(part.components) : []);
  switch (text(item.type)) {
    case 'columns':
      return arrayOf(item.columns).map((column, c) => [componentsOf(column), `${raw}.columns[${c}].components`]);
    case 'table':
      return arrayOf(item.rows).flatMap((row, r) =>
        arrayOf(row).map((cell, c): [unknown[], string] => [componentsOf(cell), `${raw}.rows[${r}][${c}].components`]),
      );
    case 'tabs':
      return arrayOf(item.components).map((tab, t) => [componentsOf(tab), `${raw}.components[${t}].components`]);
    default:
      return [[arrayOf(item.components), `${raw}.components`]];
  }
}

/** Records a question as a condition may find it. */
function registerTarget(
  reader: FormioReader,
  question: Question,
  place: Place,
  key: string,
  kind: AnswerKind,
  labels?: Map<string, string>,
  boxes?: boolean,
): void {
  reader.targets.push({
    ...(boxes ? { boxes } : {}),
    dataPath: dataPathOf(place.scope, key),
    key,
    scope: place.scope,
    questionId: question.id,
    order: reader.targets.length,
    pageIndex: place.sink.pageIndex(),
    kind,
    labels,
  });
}

/** The help text of a component: its description, else its tooltip, else its placeholder. */
function helpOf(reader: FormioReader, record: ElementRecord, item: Component, label: string): string | undefined {
  const parts = [plain(text(item.description)), plain(text(item.tooltip))].filter((p) => p !== '');
  const help = parts.length > 0 ? parts.join(' ') : plain(text(item.placeholder));
  if (help === '') return undefined;
  if (help.length > HELP_MAX) reader.find(record, 'lossy', 'import.formio.helpShortened', { label, limit: HELP_MAX });
  return clip(help, HELP_MAX);
}

/** What every answered component may say besides its type: required, help, and what has no counterpart. */
function commonOf(
  reader: FormioReader,
  record: ElementRecord,
  item: Component,
  label: string,
  options: { multipleKept?: boolean; lengthKept?: boolean } = {},
): { label: string; required?: boolean; helpText?: string } {
  const validate = isRecord(item.validate) ? item.validate : {};
  if (label.length > LABEL_MAX)
    reader.find(record, 'lossy', 'import.formio.labelShortened', { label, limit: LABEL_MAX });
  const out: { label: string; required?: boolean; helpText?: string } = { label: clip(label, LABEL_MAX) };
  if (validate.required === true) out.required = true;
  const help = helpOf(reader, record, item, label);
  if (help) out.helpText = help;
  if (!options.lengthKept) {
    const min = numberOf(validate.minLength) ?? numberOf(validate.minWords);
    const max = numberOf(validate.maxLength) ?? numberOf(validate.maxWords);
    if (min !== undefined || max !== undefined)
      reader.find(record, 'lossy', 'import.formio.lengthLost', { label, min: min ?? 0, max: max ?? '∞' });
  }
  if (text(validate.pattern) !== '')
    reader.find(record, 'lossy', 'import.formio.patternLost', { label, pattern: text(validate.pattern) });
  if (item.multiple === true && !options.multipleKept)
    reader.find(record, 'lossy', 'import.formio.multipleLost', { label });
  if (meaningfulDefault(item.defaultValue))
    reader.find(record, 'lossy', 'import.formio.defaultLost', {
      label,
      value: clip(JSON.stringify(item.defaultValue), 80),
    });
  if (item.disabled === true) reader.find(record, 'lossy', 'import.formio.disabledLost', { label });
  if (item.hidden === true) reader.find(record, 'lossy', 'import.formio.hiddenLost', { label });
  if (item.unique === true) reader.find(record, 'lossy', 'import.formio.uniqueLost', { label });
  if (text(item.inputMask) !== '' && item.type !== 'phoneNumber')
    reader.find(record, 'lossy', 'import.formio.maskLost', { label, mask: text(item.inputMask) });
  return out;
}

/** Reads an input or content component into a question; undefined when none was added. */
function readComponent(
  reader: FormioReader,
  item: Component,
  raw: string,
  place: Place,
  record: ElementRecord,
  type: string,
  label: string,
): Question | undefined {
  const key = text(item.key) || `${type}${reader.targets.length}`;
  const page = () => place.sink.page();
  const put = (question: NewQuestion, kind: AnswerKind, labels?: Map<string, string>) => {
    const added = reader.add(page(), record, question, label);
    if (added) registerTarget(reader, added, place, key, kind, labels, type === 'selectboxes');
    return added;
  };
  const asText = (messageId: MessageId, params: MessageParams = {}, extendedType?: 'Long') => {
    reader.find(record, 'lossy', messageId, { label, ...params });
    return put(
      { type: 'Text', ...(extendedType ? { extendedType } : {}), ...commonOf(reader, record, item, label) },
      'text',
    );
  };

  switch (type) {
    case 'textfield':
      return put({ type: 'Text', ...commonOf(reader, record, item, label) }, 'text');
    case 'textarea': {
      // ckeditor and quill edit formatted text; ace is a code editor (plain text).
      const rich = ['ckeditor', 'quill'].includes(text(item.editor)) || item.wysiwyg === true || isRecord(item.wysiwyg);
      return put(
        rich
          ? { type: 'RichText', ...commonOf(reader, record, item, label) }
          : { type: 'Text', extendedType: 'Long', ...commonOf(reader, record, item, label) },
        'text',
      );
    }
    case 'url':
      return put({ type: 'Text', extendedType: 'Hyperlink', ...commonOf(reader, record, item, label) }, 'text');
    case 'email':
      return asText('import.formio.emailAsText');
    case 'phoneNumber':
      return asText('import.formio.phoneAsText', { mask: text(item.inputMask) || '-' });
    case 'password':
      return asText('import.formio.passwordAsText');
    case 'time':
      return asText('import.formio.timeAsText');
    case 'tags':
      return asText('import.formio.tagsAsText');
    case 'address':
      return asText('import.formio.addressAsText', {}, 'Long');
    case 'number':
    case 'currency': {
      const validate = isRecord(item.validate) ? item.validate : {};
      const min = numberOf(validate.min);
      const max = numberOf(validate.max);
      if (type === 'currency')
        reader.find(record, 'lossy', 'import.formio.currencyAsNumber', {
          label,
          currency: text(item.currency) || 'USD',
        });
      if (validate.integer === true || validate.integer === 'true')
        reader.find(record, 'lossy', 'import.formio.integerLost', { label });
      const range =
        min !== undefined && max !== undefined && min > max
          ? {}
          : { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
      return put(
        { type: 'Text', extendedType: 'Number', ...commonOf(reader, record, item, label), ...range },
        'number',
      );
    }
    case 'checkbox':
      return put({ type: 'Checkbox', ...commonOf(reader, record, item, label) }, 'tick');
    case 'selectboxes':
    case 'radio': {
      const common = commonOf(reader, record, item, label);
      const { options, labels } = optionsOf(reader, record, label, choicesOf(item.values));
      if (options.length === 0) return asText('import.formio.noOptions');
      if (type === 'radio') return put({ type: 'Dropdown', ...common, options }, 'single', labels);
      return put({ type: 'Checkbox', ...common, options }, 'multi', labels);
    }
    case 'select':
      return readSelect(reader, item, record, label, put, asText);
    case 'datetime': {
      if (item.enableDate === false) return asText('import.formio.timeAsText');
      if (item.enableTime !== false) reader.find(record, 'lossy', 'import.formio.timeOfDayLost', { label });
      const picker = isRecord(item.datePicker) ? item.datePicker : {};
      const [minDate, maxDate] = [text(picker.minDate), text(picker.maxDate)];
      if (minDate || maxDate)
        reader.find(record, 'lossy', 'import.formio.dateRangeLost', {
          label,
          min: minDate || '-',
          max: maxDate || '-',
        });
      return put({ type: 'Date', ...commonOf(reader, record, item, label) }, 'date');
    }
    case 'day': {
      const fields = isRecord(item.fields) ? item.fields : {};
      if (['day', 'month', 'year'].some((part) => isRecord(fields[part]) && fields[part].hide === true))
        reader.find(record, 'lossy', 'import.formio.dayPartsLost', { label });
      return put({ type: 'Date', ...commonOf(reader, record, item, label) }, 'date');
    }
    case 'signature': {
      const common = commonOf(reader, record, item, label);
      // The pad's footer ('Sign above') is the nearest thing to a hint.
      const footer = plain(text(item.footer));
      if (!common.helpText && footer) common.helpText = clip(footer, HELP_MAX);
      return put({ type: 'Signature', ...common }, 'none');
    }
    case 'file': {
      const common = commonOf(reader, record, item, label, { multipleKept: true });
      // Form.io's defaults (0KB to 1GB) say nothing; other limits are the server's here.
      const [minSize, maxSize] = [text(item.fileMinSize), text(item.fileMaxSize)];
      if ((minSize && minSize !== '0KB') || (maxSize && maxSize !== '1GB'))
        reader.find(record, 'lossy', 'import.formio.fileSizeLost', {
          label,
          min: minSize || '0KB',
          max: maxSize || '1GB',
        });
      const pattern = text(item.filePattern);
      const accept = pattern && pattern !== '*' ? pattern : item.image === true ? 'image/*' : '';
      return put(
        {
          type: 'FileUpload',
          ...common,
          ...(accept ? { accept: clip(accept, 200) } : {}),
          ...(item.multiple === true ? { multiple: true } : {}),
        },
        'none',
      );
    }
    case 'content':
    case 'htmlelement': {
      const html = type === 'content' ? text(item.html) : text(item.content);
      const content = plain(html);
      if (content === '') {
        reader.find(record, 'dropped', 'import.formio.emptyContent', { label });
        return undefined;
      }
      if (hasFormatting(html)) reader.find(record, 'lossy', 'import.formio.formattingLost', { label });
      if (content.length > LABEL_MAX)
        reader.find(record, 'lossy', 'import.formio.labelShortened', { label, limit: LABEL_MAX });
      return put({ type: 'Note', label: clip(content, LABEL_MAX) }, 'none');
    }
    case 'datagrid':
    case 'editgrid':
      return readTable(reader, item, raw, place, record, label, put);
    case 'survey':
      return readSurvey(reader, item, record, label, put);
    case 'button': {
      const action = text(item.action) || 'submit';
      if (action === 'submit') reader.find(record, 'info', 'import.formio.submitButton', { label });
      else reader.find(record, 'dropped', 'import.formio.buttonDropped', { label, action });
      return undefined;
    }
    case 'hidden':
      reader.find(record, 'dropped', 'import.formio.hiddenDropped', { label });
      return undefined;
    case 'custom':
      reader.find(record, 'dropped', 'import.formio.customDropped', { label });
      return undefined;
    case 'form':
      reader.find(record, 'dropped', 'import.formio.nestedFormDropped', {
        label,
        form: text(item.form) || text(item.src) || '-',
      });
      return undefined;
    case 'resource':
      return asText('import.formio.selectSource', { source: 'resource' });
    default:
      if (item.input === true) return asText('import.formio.unknownAsText', { type });
      reader.find(record, 'dropped', 'import.formio.unknownDropped', { label, type });
      return undefined;
  }
}

/** A select: its listed (or JSON) values as a Dropdown, or a MultiSelect when it takes several. */
function readSelect(
  reader: FormioReader,
  item: Component,
  record: ElementRecord,
  label: string,
  put: (q: NewQuestion, kind: AnswerKind, labels?: Map<string, string>) => Question | undefined,
  asText: (id: MessageId, params?: MessageParams) => Question | undefined,
): Question | undefined {
  const dataSrc = text(item.dataSrc) || 'values';
  const data = isRecord(item.data) ? item.data : {};
  let choices: Choice[];
  if (dataSrc === 'values') choices = choicesOf(data.values);
  else if (dataSrc === 'json') choices = jsonChoices(item, data.json);
  else return asText('import.formio.selectSource', { source: dataSrc });
  const usable = choices.filter((c) => c.label !== '');
  if (usable.length === 0) {
    // Nothing to choose from (F5's select whose one option is empty): a text keeps the question answerable.
    if (choices.length > 0) reader.find(record, 'lossy', 'import.formio.optionLeftOut', { label, value: '' });
    return asText('import.formio.noOptions');
  }
  const validate = isRecord(item.validate) ? item.validate : {};
  if (numberOf(validate.minSelectedCount) !== undefined || numberOf(validate.maxSelectedCount) !== undefined)
    reader.find(record, 'lossy', 'import.formio.selectedCountLost', { label });
  const common = commonOf(reader, record, item, label, { multipleKept: true });
  const { options, labels } = optionsOf(reader, record, label, usable);
  if (item.multiple === true) return put({ type: 'MultiSelect', ...common, options }, 'multi', labels);
  return put({ type: 'Dropdown', ...common, options }, 'single', labels);
}

/**
 * A data grid or edit grid: a TableLight whose columns are its input components (each cell free text); its
 * layout flattened; what a column cannot hold reported.
 */
function readTable(
  reader: FormioReader,
  item: Component,
  raw: string,
  place: Place,
  record: ElementRecord,
  label: string,
  put: (q: NewQuestion, kind: AnswerKind) => Question | undefined,
): Question | undefined {
  const key = text(item.key);
  const scope = dataPathOf(place.scope, key);
  const columns: QuestionOption[] = [];
  const columnTargets: Target[] = [];
  const collect = (components: unknown[], listRaw: string) => {
    components.forEach((inner, i) => {
      const innerRaw = `${listRaw}[${i}]`;
      if (!isRecord(inner)) {
        reader.find(reader.element(innerRaw), 'dropped', 'import.formio.notComponent');
        return;
      }
      const innerType = text(inner.type);
      const innerLabel = labelOf(inner);
      const innerRecord = reader.element(pathOf(innerRaw, inner));
      readScripts(reader, inner, innerRaw, innerLabel);
      dropCondition(reader, inner, innerRaw, innerLabel, 'import.formio.conditionInTable');
      if (LAYOUT_TYPES.has(innerType)) {
        reader.find(innerRecord, 'info', 'import.formio.flattenedInTable', {
          type: innerType,
          label: innerLabel,
          table: label,
        });
        for (const [list, listRaw] of childLists(inner, innerRaw)) collect(list, listRaw);
        return;
      }
      // A grid nested in a column is one text column: what it holds is not imported.
      dropParts(reader, inner, innerRaw, innerLabel);
      if (innerType === 'button') {
        if ((text(inner.action) || 'submit') === 'submit')
          reader.find(innerRecord, 'info', 'import.formio.submitButton', { label: innerLabel });
        else
          reader.find(innerRecord, 'dropped', 'import.formio.buttonDropped', {
            label: innerLabel,
            action: text(inner.action),
          });
        return;
      }
      if (inner.input !== true && !['textfield', 'textarea'].includes(innerType)) {
        reader.find(innerRecord, 'dropped', 'import.formio.notAColumn', { label: innerLabel, table: label });
        return;
      }
      if (columns.length >= TABLE_COLUMNS_MAX) {
        reader.find(innerRecord, 'dropped', 'import.formio.tooManyColumns', {
          label: innerLabel,
          table: label,
          limit: TABLE_COLUMNS_MAX,
        });
        return;
      }
      let heading = clip(innerLabel, OPTION_MAX);
      for (let n = 2; columns.some((c) => c.value === heading); n++) heading = clip(`${innerLabel} (${n})`, OPTION_MAX);
      columns.push({ id: columns.length + 1, value: heading });
      const validate = isRecord(inner.validate) ? inner.validate : {};
      if (!['textfield', 'textarea'].includes(innerType))
        reader.find(innerRecord, 'lossy', 'import.formio.columnAsText', {
          label: innerLabel,
          table: label,
          type: innerType,
        });
      else if (
        validate.required === true ||
        text(validate.pattern) !== '' ||
        numberOf(validate.maxLength) !== undefined ||
        numberOf(validate.minLength) !== undefined
      )
        reader.find(innerRecord, 'lossy', 'import.formio.columnChecksLost', { label: innerLabel, table: label });
      const innerKey = text(inner.key);
      columnTargets.push({
        dataPath: dataPathOf(scope, innerKey),
        key: innerKey,
        scope,
        order: -1,
        pageIndex: -1,
        kind: 'none',
      });
    });
  };
  collect(arrayOf(item.components), `${raw}.components`);
  if (columns.length === 0) {
    reader.find(record, 'dropped', 'import.formio.tableWithoutColumns', { label });
    return undefined;
  }
  reader.find(record, 'lossy', 'import.formio.gridAsTable', { label });
  const question = put(
    { type: 'TableLight', ...commonOf(reader, record, item, label, { multipleKept: true, lengthKept: true }), columns },
    'grid',
  );
  for (const column of columnTargets) reader.targets.push({ ...column, order: reader.targets.length });
  return question;
}

/** A survey: a Grid of one row per question, its label beside a drop-down of the survey's values. */
function readSurvey(
  reader: FormioReader,
  item: Component,
  record: ElementRecord,
  label: string,
  put: (q: NewQuestion, kind: AnswerKind) => Question | undefined,
): Question | undefined {
  const questions = choicesOf(item.questions).filter((q) => q.label !== '');
  const values = choicesOf(item.values).filter((v) => v.label !== '');
  if (questions.length === 0 || values.length === 0) {
    reader.find(record, 'dropped', 'import.formio.surveyEmpty', { label });
    return undefined;
  }
  if (questions.length > GRID_ROWS_MAX)
    reader.find(record, 'lossy', 'import.formio.surveyRowsLost', { label, limit: GRID_ROWS_MAX });
  const rows = questions.slice(0, GRID_ROWS_MAX);
  const options = [...new Set(values.map((v) => clip(v.label, OPTION_MAX)))]
    .slice(0, 100)
    .map((value, i) => ({ id: i + 1, value }));
  const common = commonOf(reader, record, item, label, { multipleKept: true });
  if (common.required) reader.find(record, 'lossy', 'import.formio.surveyRequired', { label });
  const cells = rows.flatMap((row, r) => [
    {
      id: 2 * r + 1,
      rowIndex: r,
      columnIndex: 0,
      cellQuestion: { id: 2 * r + 1, type: 'Note' as const, label: clip(row.label, OPTION_MAX) },
    },
    { id: 2 * r + 2, rowIndex: r, columnIndex: 1, cellQuestion: { id: 2 * r + 2, type: 'Dropdown' as const, options } },
  ]);
  return put(
    {
      type: 'Grid',
      ...common,
      grid: {
        totalColumns: 2,
        totalRows: rows.length,
        headers: [
          { index: 0, label: '' },
          { index: 1, label: '' },
        ],
        cells,
      },
    },
    'grid',
  );
}

/** Reports the JavaScript and the `logic` of a component: each its own element, dropped. */
function readScripts(reader: FormioReader, item: Component, raw: string, label: string): void {
  const validate = isRecord(item.validate) ? item.validate : {};
  const scripts: Array<[string, unknown]> = [
    ['customConditional', item.customConditional],
    ['calculateValue', item.calculateValue],
    ['customDefaultValue', item.customDefaultValue],
    ['validate.custom', validate.custom],
    ['validate.json', validate.json],
  ];
  for (const [property, value] of scripts)
    if (holdsScript(value))
      reader.find(reader.element(pathOf(raw, item, `.${property}`)), 'dropped', 'import.formio.scriptDropped', {
        label,
        property,
      });
  if (Array.isArray(item.logic) && item.logic.length > 0)
    reader.find(reader.element(pathOf(raw, item, '.logic')), 'dropped', 'import.formio.logicDropped', { label });
}

/**
 * The JSON Logic rule of a `conditional.json` that says something: an operation, or a falsy literal (never
 * shown); undefined for none, an empty object or a truthy literal (always shown, as json-logic-js reads it).
 */
function logicRule(json: unknown): unknown {
  if (isRecord(json)) return Object.keys(json).length > 0 ? json : undefined;
  if (json === false || json === 0) return json;
  return undefined;
}

/** True when a component's `conditional` says something (a simple rule, a conditions list or JSON Logic). */
function hasCondition(item: Component): boolean {
  const conditional = item.conditional;
  if (!isRecord(conditional)) return false;
  if (logicRule(conditional.json) !== undefined) return true;
  if (Array.isArray(conditional.conditions) && conditional.conditions.length > 0) return true;
  return text(conditional.when) !== '';
}

/** Queues a component's condition for the questions (or page) it governs. */
function queueCondition(reader: FormioReader, item: Component, raw: string, scope: string, attach: Attach): void {
  if (!hasCondition(item)) return;
  const element = reader.element(pathOf(raw, item, '.conditional'));
  reader.pending.push({ element, component: item, label: labelOf(item), scope, attach });
}

/** The condition of a component that added no question: it governs nothing here. */
function dropCondition(
  reader: FormioReader,
  item: Component,
  raw: string,
  label: string,
  messageId: MessageId = 'import.formio.conditionOfNothing',
): void {
  if (!hasCondition(item)) return;
  reader.find(reader.element(pathOf(raw, item, '.conditional')), 'dropped', messageId, { label });
}

/** Why a rule did not map: the finding to make (dropped) or a partial loss (lossy, the condition kept). */
interface Failure {
  messageId: MessageId;
  params: MessageParams;
}

/** A rule read: the condition (undefined for "always") with the losses met, or why it failed. */
type Mapped = { condition?: Condition; losses: Failure[]; reads: Target[] } | { failure: Failure };

/**
 * Finds the question a Form.io path names from `scope` (the containers around the condition): the question at
 * that data path, else one whose data path ends with it (a key, or a path inside a container), the nearest
 * first: in the condition's own container, then each enclosing one (Form.io's own lookup of a bare key).
 */
function resolveTarget(reader: FormioReader, when: string, scope: string): Target | undefined {
  if (when === '') return undefined;
  const candidates = reader.targets.filter((t) => t.dataPath === when || t.dataPath.endsWith(`.${when}`));
  if (candidates.length <= 1) return candidates[0];
  for (let s = scope; ; s = s.includes('.') ? s.slice(0, s.lastIndexOf('.')) : '') {
    const found = candidates.find((t) => t.dataPath === dataPathOf(s, when));
    if (found) return found;
    if (s === '') return candidates[0];
  }
}

type Scalar = string | number | boolean;

/** The operand of a comparison with a question of `target`'s kind, from a Form.io value (or undefined: none). */
function operandFor(target: Target, value: unknown): Scalar | undefined {
  if (target.kind === 'tick') {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return undefined;
  }
  if (target.kind === 'number') return numberOf(value);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const asString = String(value);
  if (target.labels) return target.labels.get(asString) ?? asString;
  return asString;
}

/** A comparison of a target's answer. */
function compare(target: Target, operator: string, operand?: Scalar | Scalar[]): Condition {
  const questionId = target.questionId as number;
  if (operand === undefined) return { questionId, [operator]: true } as Condition;
  return { questionId, [operator]: operand } as Condition;
}

/** "Equals v" for a target: a tick box's false is "not ticked"; '' is "not answered". */
function equalsFor(target: Target, value: unknown, negate: boolean): Condition | undefined {
  if (value === '' || value === null) return compare(target, negate ? 'answered' : 'notAnswered');
  const operand = operandFor(target, value);
  if (operand === undefined) return undefined;
  if (target.kind === 'tick' && operand === false)
    return { questionId: target.questionId as number, [negate ? 'equals' : 'notEquals']: true } as Condition;
  return compare(target, negate ? 'notEquals' : 'equals', operand);
}

/** Negates a condition: a comparison by its opposite operator where one exists, else `none`. */
function negate(condition: Condition): Condition {
  const record = condition as Record<string, unknown>;
  const opposite: Record<string, string> = {
    equals: 'notEquals',
    notEquals: 'equals',
    answered: 'notAnswered',
    notAnswered: 'answered',
  };
  const keys = Object.keys(record).filter((k) => k !== 'questionId');
  if ('questionId' in record && keys.length === 1 && opposite[keys[0]])
    return { questionId: record.questionId, [opposite[keys[0]]]: record[keys[0]] } as Condition;
  if ('questionId' in record && keys.length === 0)
    return { questionId: record.questionId, notAnswered: true } as Condition;
  return { none: [condition] } as Condition;
}

/** The target a Form.io path names, or the failure to report. */
function targetOf(reader: FormioReader, pending: PendingCondition, path: string): Target | Failure {
  const target = resolveTarget(reader, path, pending.scope);
  if (!target) return { messageId: 'import.formio.conditionUnknown', params: { label: pending.label, key: path } };
  if (target.questionId === undefined)
    return { messageId: 'import.formio.conditionReadsColumn', params: { label: pending.label, key: path } };
  if (target.kind === 'none' || target.kind === 'grid')
    return { messageId: 'import.formio.conditionReadsUnanswerable', params: { label: pending.label, key: path } };
  return target;
}

function isFailure(value: unknown): value is Failure {
  return isRecord(value) && 'messageId' in value;
}

/** The simple conditional: shown (or hidden) while `when`'s answer is `eq` (String(value) === eq, Form.io's test). */
function mapSimple(reader: FormioReader, pending: PendingCondition, conditional: Record<string, unknown>): Mapped {
  const target = targetOf(reader, pending, text(conditional.when));
  if (isFailure(target)) return { failure: target };
  const show = conditional.show === true || conditional.show === 'true';
  const eq = conditional.eq === undefined || conditional.eq === null ? '' : String(conditional.eq);
  // Form.io compares the answer's text: a number answer 5 equals '5', never '5.0' or '05'.
  const spelt = target.kind !== 'number' || eq === '' || String(Number(eq)) === eq;
  const condition = spelt ? equalsFor(target, eq, !show) : undefined;
  if (!condition)
    return { failure: { messageId: 'import.formio.conditionValue', params: { label: pending.label, value: eq } } };
  return { condition, losses: [], reads: [target] };
}

/** The operators of the `conditions` list and the comparison each is. */
const LIST_OPERATORS: Record<string, string> = {
  isEqual: 'equals',
  isNotEqual: 'notEquals',
  isEmpty: 'notAnswered',
  isNotEmpty: 'answered',
  lessThan: 'lessThan',
  greaterThan: 'greaterThan',
  lessThanOrEqual: 'atMost',
  greaterThanOrEqual: 'atLeast',
  includes: 'contains',
  notIncludes: 'notContains',
};

/** The newer `conditions` list: each a comparison, joined by the conjunction (all/any); `show: false` negates. */
function mapList(reader: FormioReader, pending: PendingCondition, conditional: Record<string, unknown>): Mapped {
  const parts: Condition[] = [];
  const reads: Target[] = [];
  const losses: Failure[] = [];
  for (const item of arrayOf(conditional.conditions)) {
    if (!isRecord(item)) continue;
    const target = targetOf(reader, pending, text(item.component));
    if (isFailure(target)) return { failure: target };
    const operator = LIST_OPERATORS[text(item.operator)];
    if (!operator)
      return {
        failure: {
          messageId: 'import.formio.conditionOperator',
          params: { label: pending.label, operator: text(item.operator) },
        },
      };
    reads.push(target);
    let part: Condition | undefined;
    if (operator === 'answered' || operator === 'notAnswered') part = compare(target, operator);
    else if (operator === 'equals' || operator === 'notEquals')
      part = equalsFor(target, item.value, operator === 'notEquals');
    else if (operator === 'contains' || operator === 'notContains') {
      const operand = operandFor(target, item.value);
      if (operand !== undefined && operand !== '') {
        part = compare(target, 'contains', operand);
        if (target.kind === 'text')
          losses.push({ messageId: 'import.formio.logicCase', params: { label: pending.label, key: target.key } });
        if (operator === 'notContains') part = { none: [part] } as Condition;
      }
    } else {
      const operand = numberOf(item.value);
      if (target.kind === 'number' && operand !== undefined) part = compare(target, operator, operand);
    }
    if (!part)
      return {
        failure: {
          messageId: 'import.formio.conditionValue',
          params: { label: pending.label, value: JSON.stringify(item.value ?? '') },
        },
      };
    parts.push(part);
  }
  if (parts.length === 0) return { losses, reads };
  let condition: Condition =
    parts.length === 1 ? parts[0] : ({ [conditional.conjunction === 'any' ? 'any' : 'all']: parts } as Condition);
  if (conditional.show === false || conditional.show === 'false') condition = negate(condition);
  return { condition, losses, reads };
}

/** A JSON Logic rule read as a condition; the reason when it is not of the shapes the language has. */
class LogicMapper {
  readonly losses: Failure[] = [];
  readonly reads: Target[] = [];

  constructor(
    private readonly reader: FormioReader,
    private readonly pending: PendingCondition,
  ) {}

  private unmapped(): never {
    throw new Error('unmapped');
  }

  /** The target of a `{ var: 'data.x' }` (and the option it names, for `data.boxes.option` of select boxes). */
  private variable(node: unknown): { target: Target; option?: string } | undefined {
    if (!isRecord(node) || !('var' in node) || Object.keys(node).length !== 1) return undefined;
    const name = Array.isArray(node.var) ? node.var[0] : node.var;
    if (typeof name !== 'string' || !name.startsWith('data.')) this.unmapped();
    // A default stands in for an absent answer; the conditions have no such value.
    if (Array.isArray(node.var) && node.var.length > 1 && node.var[1] !== null) this.unmapped();
    const path = name.slice('data.'.length);
    let target = resolveTarget(this.reader, path, this.pending.scope);
    let option: string | undefined;
    if (!target && path.includes('.')) {
      const parent = resolveTarget(this.reader, path.slice(0, path.lastIndexOf('.')), this.pending.scope);
      if (parent?.kind === 'multi' && parent.labels) {
        target = parent;
        option = path.slice(path.lastIndexOf('.') + 1);
      }
    }
    const found = targetOf(this.reader, this.pending, target ? target.dataPath : path);
    if (isFailure(found)) throw new FailureError(found);
    this.reads.push(found);
    return { target: found, option };
  }

  private literal(node: unknown): unknown {
    if (node === null || ['string', 'number', 'boolean'].includes(typeof node)) return node;
    if (Array.isArray(node) && node.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) return node;
    return this.unmapped();
  }

  /** The truth of a variable, as json-logic's truthy reads it (0, '', [], null, false are false). */
  private truthy(v: { target: Target; option?: string }, wanted: boolean): Condition {
    const { target, option } = v;
    if (option !== undefined) {
      const c = compare(target, 'contains', target.labels?.get(option) ?? option);
      return wanted ? c : ({ none: [c] } as Condition);
    }
    if (target.kind === 'tick') return compare(target, wanted ? 'equals' : 'notEquals', true);
    // Select boxes' answer is an object, true even with no box ticked.
    if (target.boxes) return this.unmapped();
    if (target.kind === 'number')
      this.losses.push({
        messageId: 'import.formio.logicZero',
        params: { label: this.pending.label, key: target.key },
      });
    return compare(target, wanted ? 'answered' : 'notAnswered');
  }

  map(node: unknown): Condition {
    if (!isRecord(node) || Object.keys(node).length !== 1) return this.unmapped();
    const [operator] = Object.keys(node);
    const raw = node[operator];
    const args = Array.isArray(raw) ? raw : [raw];
    switch (operator) {
      case 'var':
        return this.truthy(this.variable(node) ?? this.unmapped(), true);
      case 'and':
      case 'or': {
        if (args.length === 0) return this.unmapped();
        const parts = args.map((a) => this.map(a));
        return parts.length === 1 ? parts[0] : ({ [operator === 'and' ? 'all' : 'any']: parts } as Condition);
      }
      case '!':
      case '!!': {
        const v = this.variable(args[0]);
        if (v) return this.truthy(v, operator === '!!');
        const inner = this.map(args[0]);
        return operator === '!' ? negate(inner) : inner;
      }
      case '==':
      case '===':
      case '!=':
      case '!==': {
        if (args.length !== 2) return this.unmapped();
        const [a, b] = args;
        const left = this.variable(a);
        const v = left ?? this.variable(b) ?? this.unmapped();
        const value = this.literal(left ? b : a);
        const negated = operator.startsWith('!');
        const strict = operator.length === 3;
        if (v.option !== undefined) {
          if (typeof value !== 'boolean') return this.unmapped();
          return this.truthy(v, value !== negated);
        }
        if (Array.isArray(value)) return this.unmapped();
        // null equals an absent answer but not '' (Form.io's empty text): the language has no such test.
        if (value === null) return this.unmapped();
        // JavaScript's equality: a tick box equals only a boolean (true == 'true' is false); === wants the
        // answer's own type (5 === '5' is false).
        if (v.target.kind === 'tick' && typeof value !== 'boolean') return this.unmapped();
        // Loose equality of a text with a number or a boolean coerces both ('' == 0, false == ''): only a text
        // literal compares with a text answer; '' is never an operand here (null == '' is false).
        if (value === '') return this.unmapped();
        if (v.target.kind !== 'tick' && v.target.kind !== 'number' && typeof value !== 'string') return this.unmapped();
        // Select boxes' answer is an object, which equals no value.
        if (v.target.boxes) return this.unmapped();
        if (
          strict &&
          typeof value !== (v.target.kind === 'number' ? 'number' : v.target.kind === 'tick' ? 'boolean' : 'string')
        )
          return this.unmapped();
        if (v.target.kind === 'multi')
          this.losses.push({
            messageId: 'import.formio.logicSeveral',
            params: { label: this.pending.label, key: v.target.key },
          });
        return equalsFor(v.target, value, negated) ?? this.unmapped();
      }
      case '<':
      case '>':
      case '<=':
      case '>=':
        return this.comparison(operator, args);
      case 'in': {
        if (args.length !== 2) return this.unmapped();
        const [needle, haystack] = args;
        const v = this.variable(haystack);
        if (v) {
          const value = this.literal(needle);
          if (v.option !== undefined || (typeof value !== 'string' && typeof value !== 'number'))
            return this.unmapped();
          if ((v.target.kind !== 'text' && v.target.kind !== 'multi') || v.target.boxes) return this.unmapped();
          if (v.target.kind === 'text')
            this.losses.push({
              messageId: 'import.formio.logicCase',
              params: { label: this.pending.label, key: v.target.key },
            });
          const operand = operandFor(v.target, value);
          if (operand === undefined || operand === '') return this.unmapped();
          return compare(v.target, 'contains', operand);
        }
        const w = this.variable(needle) ?? this.unmapped();
        const list = this.literal(haystack);
        if (!Array.isArray(list) || list.length === 0 || w.option !== undefined) return this.unmapped();
        // indexOf compares strictly: each listed value must be of the answer's own type.
        const own = w.target.kind === 'number' ? 'number' : w.target.kind === 'tick' ? 'boolean' : 'string';
        if (w.target.kind === 'multi' || list.some((item) => typeof item !== own)) return this.unmapped();
        const operands = list.map((item) => operandFor(w.target, item));
        if (operands.some((o) => o === undefined)) return this.unmapped();
        return compare(w.target, 'oneOf', operands as Scalar[]);
      }
      default:
        return this.unmapped();
    }
  }

  /**
   * `<`, `>`, `<=`, `>=` of a number answer and a number (either side), and the between form `[a, var, c]`.
   * JavaScript compares an empty answer (null, '') as 0: where the comparison holds for 0, it holds for an
   * unanswered question too (`any: [notAnswered, comparison]`), as json-logic-js says.
   */
  private comparison(operator: string, args: unknown[]): Condition {
    const holds = (a: number, b: number) =>
      operator === '<' ? a < b : operator === '>' ? a > b : operator === '<=' ? a <= b : a >= b;
    const orEmpty = (target: Target, condition: Condition, emptyHolds: boolean): Condition =>
      emptyHolds ? ({ any: [compare(target, 'notAnswered'), condition] } as Condition) : condition;
    const flip: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
    const name: Record<string, string> = { '<': 'lessThan', '>': 'greaterThan', '<=': 'atMost', '>=': 'atLeast' };
    const numberOperand = (target: Target, node: unknown) => {
      const value = this.literal(node);
      if (target.kind !== 'number' || typeof value !== 'number') return this.unmapped();
      return value;
    };
    if (args.length === 3 && (operator === '<' || operator === '<=')) {
      const v = this.variable(args[1]) ?? this.unmapped();
      const low = numberOperand(v.target, args[0]);
      const high = numberOperand(v.target, args[2]);
      const between = {
        all: [compare(v.target, name[flip[operator]], low), compare(v.target, name[operator], high)],
      } as Condition;
      return orEmpty(v.target, between, holds(low, 0) && holds(0, high));
    }
    if (args.length !== 2) return this.unmapped();
    const left = this.variable(args[0]);
    if (left) {
      const bound = numberOperand(left.target, args[1]);
      return orEmpty(left.target, compare(left.target, name[operator], bound), holds(0, bound));
    }
    const right = this.variable(args[1]) ?? this.unmapped();
    const bound = numberOperand(right.target, args[0]);
    return orEmpty(right.target, compare(right.target, name[flip[operator]], bound), holds(bound, 0));
  }
}

/** A failure met inside the JSON Logic mapper (a variable naming no question of the draft). */
class FailureError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.messageId);
  }
}

/** JSON Logic `conditional.json`: shown while the rule is truthy. */
function mapLogic(reader: FormioReader, pending: PendingCondition, rule: unknown): Mapped {
  const mapper = new LogicMapper(reader, pending);
  try {
    return { condition: mapper.map(rule), losses: mapper.losses, reads: mapper.reads };
  } catch (error) {
    if (error instanceof FailureError) return { failure: error.failure };
    return {
      failure: {
        messageId: 'import.formio.logicUnmapped',
        params: { label: pending.label, rule: clip(JSON.stringify(rule), 160) },
      },
    };
  }
}

/** Adds a condition to a question's or page's own (both must hold), within the nesting the language allows. */
function combine(existing: Condition | undefined, added: Condition): Condition | undefined {
  if (!existing) return added;
  const parts = 'all' in existing && Array.isArray(existing.all) ? [...existing.all, added] : [existing, added];
  const combined = { all: parts } as Condition;
  return conditionDepth(combined) <= CONDITION_GROUP_DEPTH ? combined : undefined;
}

/** Maps every queued condition and attaches it where every question it reads comes first. */
function resolveConditions(reader: FormioReader): void {
  const orderOf = new Map<number, Target>();
  for (const t of reader.targets) if (t.questionId !== undefined) orderOf.set(t.questionId, t);
  for (const pending of reader.pending) {
    const conditional = pending.component.conditional as Record<string, unknown>;
    let mapped: Mapped;
    if (logicRule(conditional.json) !== undefined) mapped = mapLogic(reader, pending, conditional.json);
    else if (Array.isArray(conditional.conditions) && conditional.conditions.length > 0)
      mapped = mapList(reader, pending, conditional);
    else mapped = mapSimple(reader, pending, conditional);
    if ('failure' in mapped) {
      reader.find(pending.element, 'dropped', mapped.failure.messageId, mapped.failure.params);
      continue;
    }
    for (const loss of mapped.losses) reader.find(pending.element, 'lossy', loss.messageId, loss.params);
    const { condition } = mapped;
    if (!condition) continue;
    if (conditionDepth(condition) > CONDITION_GROUP_DEPTH) {
      reader.find(pending.element, 'dropped', 'import.formio.conditionTooDeep', {
        label: pending.label,
        limit: CONDITION_GROUP_DEPTH,
      });
      continue;
    }
    // A condition reads questions before what it governs (engine/forms/visibility.ts conditionProblems): a page's,
    // the questions of earlier pages.
    const attach = pending.attach;
    const holders: Array<{
      get(): Condition | undefined;
      set(c: Condition): void;
      order: number;
      pageIndex: number;
      page: boolean;
    }> =
      'page' in attach
        ? [
            {
              get: () => attach.page.visibleWhen,
              set: (c) => {
                attach.page.visibleWhen = c;
              },
              order: Number.POSITIVE_INFINITY,
              pageIndex: attach.pageIndex,
              page: true,
            },
          ]
        : attach.questions.map((q) => {
            const t = orderOf.get(q.id) as Target;
            const holder = q as Question & { visibleWhen?: Condition };
            return {
              get: () => holder.visibleWhen,
              set: (c: Condition) => {
                holder.visibleWhen = c;
              },
              order: t.order,
              pageIndex: t.pageIndex,
              page: false,
            };
          });
    let attached = 0;
    let late: Target | undefined;
    let tooDeep = false;
    for (const holder of holders) {
      const reads = mapped.reads.find((r) => (holder.page ? r.pageIndex >= holder.pageIndex : r.order >= holder.order));
      if (reads) {
        late = reads;
        continue;
      }
      const combined = combine(holder.get(), condition);
      if (!combined) {
        tooDeep = true;
        continue;
      }
      holder.set(combined);
      attached++;
    }
    if (late)
      reader.find(pending.element, attached === 0 ? 'dropped' : 'lossy', 'import.formio.conditionLater', {
        label: pending.label,
        key: late.dataPath,
      });
    if (tooDeep)
      reader.find(pending.element, attached === 0 ? 'dropped' : 'lossy', 'import.formio.conditionTooDeep', {
        label: pending.label,
        limit: CONDITION_GROUP_DEPTH,
      });
  }
}
