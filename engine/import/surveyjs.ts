/**
 * Import of a SurveyJS survey (issue 22 §1, the SurveyJS bullet; docs/import-and-migration.md "SurveyJS").
 *
 * `importSurveyJs(source, ctx)` reads a SurveyJS survey JSON object (pages of elements, or the older top-level
 * `questions`/`elements` array read as one page) into a form-definition draft of the form creator, with a report
 * of what became of every source element. Pure: no I/O, no clock.
 *
 * - Pages become pages (title, condition; a description a note at the top).
 * - Panels are flattened into their page (info): the title becomes a Note, the panel's condition goes onto each of
 *   its questions (with theirs, in an `all` group).
 * - Questions map to the closest field type (the table in docs/import-and-migration.md): text by `inputType`,
 *   comment, dropdown, radiogroup, checkbox, tagbox, boolean, rating, html and expression (as notes), file,
 *   signaturepad, matrix / matrixdropdown (Grid), matrixdynamic / paneldynamic (TableLight), multipletext (a note
 *   and one text per box), ranking, imagepicker. A type with no counterpart is dropped and reported.
 * - `visibleIf` (and `enableIf`, taken as visibility) are read by surveyjs-conditions.ts into conditions over the
 *   questions' stable ids; names are mapped to ids before any condition is read, so a condition may name a later
 *   question (it is then reported: conditions here read earlier questions only). `requiredIf` is reported.
 * - Choices keep their texts (localised: the default language) as values; compared values are translated.
 * - Validators: numeric min/max on a number become its min/max; the others (text length, regex, e-mail,
 *   expression, answer count) are reported as dropped.
 * - Triggers, calculated values and the completed-page HTML are reported as dropped; layout settings are listed
 *   once (info).
 *
 * Every element read (page, panel, question, condition, validator, trigger, calculated value, completed HTML) is
 * counted once in the summary by its worst finding. Throws `ImportSourceError` ('import.surveyjs.notSurvey') when
 * the source is not an object with pages, questions or elements.
 */
import type { Condition } from '../forms/conditions';
import { conditionDepth } from '../forms/conditions';
import { OTHER_OPTION } from '../forms/field-types/shared';
import { MAX_PAGES, MAX_QUESTIONS } from '../forms/limits';
import { message } from '../messages/catalogue';
import type { FormDefinitionInput, Question } from '../types/generated';
import { Report, type SourceElement } from './findings';
import { type ConditionTarget, readExpression } from './surveyjs-conditions';
import { type ImportContext, type ImportResult, ImportSourceError } from './types';

type Json = Record<string, unknown>;

/** Limits of the question meta-schema (schemas/entities/question.schema.json). */
const LABEL_MAX = 500;
const HELP_MAX = 1000;
const OPTION_MAX = 200;
const OPTIONS_MAX = 500;
const PAGE_LABEL_MAX = 200;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 4000;
const GRID_COLUMNS_MAX = 30;
const GRID_ROWS_MAX = 200;
const GRID_OPTIONS_MAX = 100;
const TABLE_COLUMNS_MAX = 20;

/** Survey-level keys read (mapped or reported on their own); any other is listed as a setting not imported. */
const SURVEY_KEYS = new Set([
  'title',
  'description',
  'pages',
  'questions',
  'elements',
  'triggers',
  'calculatedValues',
  'completedHtml',
  'completedHtmlOnCondition',
  'locale',
]);

/** Question keys the mapping reads (any type). */
const READ_KEYS = new Set([
  'type',
  'name',
  'title',
  'description',
  'isRequired',
  'visibleIf',
  'enableIf',
  'requiredIf',
  'validators',
  'choices',
  'inputType',
  'min',
  'max',
  'elements',
  'questions',
  'html',
  'expression',
  'showOtherItem',
  'hasOther',
  'otherText',
  'showNoneItem',
  'hasNone',
  'noneText',
  'showRefuseItem',
  'refuseText',
  'showDontKnowItem',
  'dontKnowText',
  'showSelectAllItem',
  'hasSelectAll',
  'labelTrue',
  'labelFalse',
  'valueTrue',
  'valueFalse',
  'renderAs',
  'rateValues',
  'rateMin',
  'rateMax',
  'rateStep',
  'rateCount',
  'allowMultiple',
  'acceptedTypes',
  'maxSize',
  'rows',
  'columns',
  'cellType',
  'isAllRowRequired',
  'items',
  'templateElements',
  'visible',
  'readOnly',
  'imageLink',
  'choicesVisibleIf',
  'choicesEnableIf',
  'choicesByUrl',
  'choicesFromQuestion',
  'titleLocation',
]);

/** Question keys that change what is asked or saved: reported (lossy) when present. */
const BEHAVIOUR_KEYS = new Set([
  'defaultValue',
  'defaultValueExpression',
  'correctAnswer',
  'setValueIf',
  'setValueExpression',
  'resetValueIf',
  'maxLength',
  'minLength',
  'isUnique',
  'maskType',
  'maskSettings',
  'minSelectedChoices',
  'maxSelectedChoices',
  'minRowCount',
  'maxRowCount',
  'minPanelCount',
  'maxPanelCount',
  'showCommentArea',
  'hasComment',
  'validateOnValueChange',
  'needConfirmRemoveFile',
  'waitForUpload',
  'valueName',
]);

/** A question of the draft being built, with what conditions may read of it. */
interface Built {
  question: Json;
  target: ConditionTarget;
  conditions: Array<{ condition: Condition; element: SourceElement; expression: string }>;
}

/** A page of the draft being built. */
interface BuiltPage {
  page: Json;
  /** Questions with an id below this are on earlier pages. */
  firstId: number;
  built: Built[];
  condition?: Condition;
}

/** A condition waiting for every name to have its id. */
interface Pending {
  expression: string;
  element: SourceElement;
  ownerName: string;
  kind: 'visibleIf' | 'enableIf';
  /** The questions it applies to (a panel's: all of them), or the page. */
  questions: Built[];
  page?: BuiltPage;
}

/** A SurveyJS text: a string, or a localised `{ default, de, ... }` (default, else the first language). */
function textOf(value: unknown, locales: Set<string>): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Json).filter(([, v]) => typeof v === 'string') as Array<[string, string]>;
    for (const [locale] of entries) if (locale !== 'default') locales.add(locale);
    const fallback = entries.find(([locale]) => locale === 'default') ?? entries[0];
    return fallback ? fallback[1] : '';
  }
  return '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an HTML fragment: tags removed (block ends as line breaks), entities decoded, spaces collapsed. */
export function htmlToText(html: string): { text: string; hadMarkup: boolean } {
  const hadMarkup = /<[a-z!/][^>]*>/iu.test(html);
  // Text without tags keeps its spacing (only entities decoded), so an exported note comes back as it was.
  if (!hadMarkup) return { text: decodeEntities(html).trim(), hadMarkup };
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/giu, '')
    .replace(/<\/(p|div|h[1-6]|li|tr|ul|ol|table)>|<br\s*\/?>/giu, '\n')
    .replace(/<[^>]*>/gu, '');
  return {
    text: decodeEntities(text)
      .split('\n')
      .map((line) => line.replace(/[ \t\r\f\v]+/gu, ' ').trim())
      .filter((line) => line !== '')
      .join('\n'),
    hadMarkup,
  };
}

/** HTML character references decoded (named ones of ENTITIES, decimal and hexadecimal). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Imports a SurveyJS survey (see the module comment).
 * @param source the survey JSON, parsed
 * @param ctx the form area of the draft and a title for a survey without one
 * @returns the draft (`FormDefinitionInput`: not saved), the findings and the summary counts
 * @throws ImportSourceError ('import.surveyjs.notSurvey') for a source that is not a SurveyJS survey object
 */
export function importSurveyJs(source: unknown, ctx: ImportContext): ImportResult {
  if (
    !isObject(source) ||
    !(Array.isArray(source.pages) || Array.isArray(source.questions) || Array.isArray(source.elements))
  )
    throw new ImportSourceError('import.surveyjs.notSurvey', message('import.surveyjs.notSurvey'));
  return new SurveyImport(ctx).run(source);
}

class SurveyImport {
  private readonly report = new Report();
  private readonly locales = new Set<string>();
  private readonly layout = new Set<string>();
  private readonly pages: BuiltPage[] = [];
  private readonly pending: Pending[] = [];
  /** SurveyJS names (and `name.item` of multiple text boxes) to their questions. */
  private readonly names = new Map<string, ConditionTarget>();
  private nextId = 1;

  constructor(private readonly ctx: ImportContext) {}

  run(source: Json): ImportResult {
    const settings = Object.keys(source).filter((key) => !SURVEY_KEYS.has(key));
    if (settings.length > 0)
      this.report.add('survey', 'info', 'import.surveyjs.surveySettings', { properties: settings.join(', ') });

    const sourcePages: Array<{ page: Json; path: string }> = Array.isArray(source.pages)
      ? source.pages.map((page, i) => ({ page: isObject(page) ? page : {}, path: `pages[${i}]` }))
      : [{ page: { elements: Array.isArray(source.questions) ? source.questions : source.elements }, path: '' }];
    for (const [i, { page, path }] of sourcePages.entries()) this.readPage(page, path, i, !Array.isArray(source.pages));

    this.readSurveyExtras(source);
    for (const pending of this.pending) this.resolve(pending);

    const title = this.clip(textOf(source.title, this.locales).trim(), TITLE_MAX, 'survey', 'survey');
    const description = this.clip(textOf(source.description, this.locales).trim(), DESCRIPTION_MAX, 'survey', 'survey');
    if (this.locales.size > 0)
      this.report.add('survey', 'lossy', 'import.common.otherLanguages', { locales: [...this.locales].join(', ') });
    if (this.layout.size > 0)
      this.report.add('survey', 'info', 'import.common.layoutNotKept', {
        properties: [...this.layout].sort().join(', '),
      });

    const definition: FormDefinitionInput = {
      formArea: this.ctx.formArea,
      title: title || this.ctx.fallbackTitle?.slice(0, TITLE_MAX) || message('import.common.untitled'),
      pages: this.pages.map(({ page, built, condition }) => {
        const out: Json = { ...page, questions: built.map((b) => this.finish(b)) };
        if (condition) out.visibleWhen = condition;
        return out as unknown as FormDefinitionInput['pages'][number];
      }),
    };
    if (description) definition.description = description;
    if (definition.pages.length === 0) definition.pages.push({ id: 1, label: '', questions: [] });
    return { definition, report: this.report.findings, summary: this.report.summary() };
  }

  /** The question with its conditions combined: one, or an `all` of them (nested `all`s flattened). */
  private finish(built: Built): Question {
    const { question, conditions } = built;
    const kept: Condition[] = [];
    for (const { condition, element, expression } of conditions) {
      const candidate = combine([...kept, condition]);
      if (conditionDepth(candidate) > 3 || tooWide(candidate)) {
        this.report.add(element, 'dropped', 'import.common.conditionTooDeep', {
          expression,
          name: built.target.name,
        });
        continue;
      }
      kept.push(condition);
    }
    if (kept.length > 0) question.visibleWhen = combine(kept);
    return question as unknown as Question;
  }

  private readPage(page: Json, path: string, index: number, implicit: boolean): void {
    const element = implicit ? undefined : this.report.element(`${path}${page.name ? ` (${String(page.name)})` : ''}`);
    if (this.pages.length >= MAX_PAGES) {
      // Beyond the page limit the questions go on the last page, so none is lost.
      if (element) this.report.add(element, 'lossy', 'import.common.tooManyPages', { limit: MAX_PAGES });
    } else {
      const label = this.clip(
        textOf(page.title, this.locales).trim(),
        PAGE_LABEL_MAX,
        element ?? 'survey',
        String(page.name ?? ''),
      );
      this.pages.push({ page: { id: index + 1, label }, firstId: this.nextId, built: [] });
    }
    const current = this.pages[this.pages.length - 1];
    const pageName = String(page.name ?? `page ${index + 1}`);
    if (element)
      this.layoutKeys(
        page,
        new Set(['name', 'title', 'description', 'elements', 'questions', 'visibleIf', 'enableIf', 'requiredIf']),
      );
    const description = textOf(page.description, this.locales).trim();
    if (description && element) {
      this.report.add(element, 'info', 'import.surveyjs.pageDescription', { name: pageName });
      this.addNote(current, description, undefined, element, pageName);
    }
    if (element) this.groupConditions(page, element.path, pageName, current);
    const key = Array.isArray(page.elements) ? 'elements' : 'questions';
    const prefix = path ? `${path}.${key}` : Array.isArray(page.elements) ? 'elements' : 'questions';
    this.readElements(asArray(page[key]), prefix, current, []);
  }

  private readElements(elements: unknown[], prefix: string, page: BuiltPage, groups: Pending[]): void {
    for (const [i, raw] of elements.entries()) {
      const el = isObject(raw) ? raw : {};
      const name = typeof el.name === 'string' || typeof el.name === 'number' ? String(el.name) : '';
      const path = `${prefix}[${i}]${name ? ` (${name})` : ''}`;
      if (el.type === 'panel') this.readPanel(el, path, name || `panel ${i + 1}`, page, groups);
      else this.readQuestion(el, path, name || `${String(el.type ?? 'question')} ${i + 1}`, page, groups);
    }
  }

  private readPanel(el: Json, path: string, name: string, page: BuiltPage, groups: Pending[]): void {
    const element = this.report.element(path);
    const title = textOf(el.title, this.locales).trim();
    const children = asArray(el.elements ?? el.questions);
    this.layoutKeys(
      el,
      new Set(['type', 'name', 'title', 'description', 'elements', 'questions', 'visibleIf', 'enableIf', 'requiredIf']),
    );
    if (children.length === 0) {
      this.report.add(element, 'dropped', 'import.surveyjs.emptyPanel', { name });
      // Its conditions go with it (each counted, as every element read is).
      for (const kind of ['visibleIf', 'enableIf', 'requiredIf'])
        if (typeof el[kind] === 'string' && (el[kind] as string).trim())
          this.report.add(this.report.element(`${path}.${kind}`), 'dropped', 'import.surveyjs.emptyPanel', { name });
      return;
    }
    this.report.add(element, 'info', title ? 'import.common.panelFlattened' : 'import.common.panelFlattenedUntitled', {
      name,
    });
    const inner = [...groups, ...this.groupConditions(el, path, name)];
    if (title)
      this.addNote(page, title, textOf(el.description, this.locales).trim() || undefined, element, name, inner);
    this.readElements(children, `${path}.elements`, page, inner);
  }

  /**
   * The conditions of a page or panel: `visibleIf` and `enableIf` (as visibility, lossy) wait for every name's id;
   * a panel's then go onto each of its questions (the pending conditions returned collect them); `requiredIf` is
   * reported.
   */
  private groupConditions(el: Json, path: string, name: string, page?: BuiltPage): Pending[] {
    const out: Pending[] = [];
    for (const kind of ['visibleIf', 'enableIf'] as const) {
      const expression = el[kind];
      if (typeof expression !== 'string' || !expression.trim()) continue;
      const element = this.report.element(`${path}.${kind}`);
      if (!page) this.report.add(element, 'info', 'import.common.groupCondition', { name });
      const pending: Pending = { expression, element, ownerName: name, kind, questions: [], page };
      this.pending.push(pending);
      out.push(pending);
    }
    if (typeof el.requiredIf === 'string' && el.requiredIf.trim()) {
      const element = this.report.element(`${path}.requiredIf`);
      this.report.add(element, 'lossy', 'import.common.requiredIf', { name, expression: el.requiredIf });
    }
    return out;
  }

  /** Adds a Note to the page (a panel's title, a page's description, a multiple text's title). */
  private addNote(
    page: BuiltPage,
    label: string,
    helpText: string | undefined,
    element: SourceElement,
    name: string,
    groups: Pending[] = [],
  ): Built | undefined {
    const question: Json = { id: 0, label: this.clip(label, LABEL_MAX, element, name), type: 'Note' };
    if (helpText) question.helpText = this.clip(helpText, HELP_MAX, element, name);
    return this.push(page, question, { id: 0, name, kind: 'none' }, element, name, groups);
  }

  /** Gives the question the next id and puts it on the page (or reports the question limit). */
  private push(
    page: BuiltPage,
    question: Json,
    target: ConditionTarget,
    element: SourceElement,
    name: string,
    groups: Pending[],
    sourceName?: string,
  ): Built | undefined {
    if (this.nextId > MAX_QUESTIONS) {
      // Reported on every question left out, so each is counted as dropped.
      this.report.add(element, 'dropped', 'import.common.tooManyQuestions', { limit: MAX_QUESTIONS, name });
      return undefined;
    }
    const id = this.nextId++;
    question.id = id;
    target.id = id;
    const built: Built = { question, target, conditions: [] };
    page.built.push(built);
    for (const group of groups) group.questions.push(built);
    if (sourceName !== undefined && !this.names.has(sourceName)) this.names.set(sourceName, target);
    return built;
  }

  /** Trims a text to a limit, reporting the cut. */
  private clip(text: string, limit: number, on: SourceElement | string, name: string): string {
    if ([...text].length <= limit) return text;
    this.report.add(on, 'lossy', 'import.common.truncated', { name, limit });
    return [...text].slice(0, limit).join('');
  }

  /** Lists a question's keys that are neither read nor behaviour as layout settings (reported once, info). */
  private layoutKeys(el: Json, read: Set<string>): void {
    for (const key of Object.keys(el)) if (!read.has(key) && !BEHAVIOUR_KEYS.has(key)) this.layout.add(key);
  }

  private readQuestion(el: Json, path: string, name: string, page: BuiltPage, groups: Pending[]): void {
    const element = this.report.element(path);
    const type = typeof el.type === 'string' ? el.type.toLowerCase() : '';
    const label = this.clip(textOf(el.title, this.locales).trim() || name, LABEL_MAX, element, name);
    const helpText = this.clip(textOf(el.description, this.locales).trim(), HELP_MAX, element, name);
    const common: Json = { id: 0, label };
    if (helpText) common.helpText = helpText;
    // A title on the left is the horizontal wrapper (label beside the field).
    if (el.titleLocation === 'left') common.wrapper = 'horizontal';
    else if (el.titleLocation !== undefined) this.layout.add('titleLocation');
    const answered = (question: Json): Json => {
      if (el.isRequired === true) question.required = true;
      return question;
    };
    this.layoutKeys(el, READ_KEYS);
    const behaviour = Object.keys(el).filter((key) => BEHAVIOUR_KEYS.has(key));
    if (behaviour.length > 0)
      this.report.add(element, 'lossy', 'import.common.settingsNotKept', { name, properties: behaviour.join(', ') });
    if (el.readOnly === true) this.report.add(element, 'lossy', 'import.common.readOnly', { name });
    if (el.visible === false && typeof el.visibleIf !== 'string')
      this.report.add(element, 'lossy', 'import.common.hidden', { name });

    let built: Built | undefined;
    const add = (question: Json, kind: ConditionTarget['kind'], extra: Partial<ConditionTarget> = {}) => {
      built = this.push(page, question, { id: 0, name, kind, ...extra }, element, name, groups, name);
      return built;
    };

    switch (type) {
      case 'text': {
        const question = this.textQuestion(el, element, name, answered({ ...common, type: 'Text' }));
        add(question, question.type === 'Date' ? 'date' : question.extendedType === 'Number' ? 'number' : 'text');
        break;
      }
      case 'comment':
        add(answered({ ...common, type: 'Text', extendedType: 'Long' }), 'text');
        break;
      case 'dropdown':
      case 'radiogroup':
      case 'buttongroup': {
        if (type !== 'dropdown') this.report.add(element, 'info', 'import.surveyjs.radiogroup', { name });
        const choices = this.choices(el, element, name, false);
        if (!choices) {
          add(answered({ ...common, type: 'Text', extendedType: 'Normal' }), 'text');
          break;
        }
        const question = answered({ ...common, type: 'Dropdown', options: options(choices) });
        const other = el.showOtherItem === true || el.hasOther === true;
        if (other) question.allowOther = true;
        // SurveyJS saves 'other' for its Other item; here the Dropdown saves OTHER_OPTION.
        const read =
          other && !choices.some((c) => c.value === OTHER_OPTION)
            ? [...choices, { source: 'other', value: OTHER_OPTION }]
            : choices;
        add(question, 'single', { choices: read });
        break;
      }
      case 'checkbox':
      case 'tagbox':
      case 'ranking':
      case 'imagepicker': {
        const multiple = type !== 'imagepicker' || el.multiSelect === true;
        if (type === 'ranking') this.report.add(element, 'lossy', 'import.surveyjs.ranking', { name });
        if (type === 'imagepicker') this.report.add(element, 'lossy', 'import.surveyjs.imagePicker', { name });
        const choices = this.choices(el, element, name, multiple);
        if (!choices) {
          add(answered({ ...common, type: 'Text', extendedType: 'Normal' }), 'text');
          break;
        }
        if (!multiple) {
          add(answered({ ...common, type: 'Dropdown', options: options(choices) }), 'single', { choices });
          break;
        }
        if (el.showOtherItem === true || el.hasOther === true)
          this.report.add(element, 'lossy', 'import.common.otherNotOffered', { name });
        const questionType = type === 'checkbox' ? 'Checkbox' : 'MultiSelect';
        add(answered({ ...common, type: questionType, options: options(choices) }), 'multi', { choices });
        break;
      }
      case 'boolean': {
        const extra: Partial<ConditionTarget> = {};
        if (el.valueTrue !== undefined || el.valueFalse !== undefined) {
          extra.valueTrue = el.valueTrue;
          extra.valueFalse = el.valueFalse;
          this.report.add(element, 'lossy', 'import.surveyjs.booleanValues', {
            name,
            valueTrue: String(el.valueTrue ?? true),
            valueFalse: String(el.valueFalse ?? false),
          });
        }
        if (el.renderAs === 'checkbox') {
          if (el.isRequired === true) this.report.add(element, 'info', 'import.surveyjs.booleanCheckbox', { name });
          add(answered({ ...common, type: 'Checkbox' }), 'boolean', extra);
          break;
        }
        const onLabel = textOf(el.labelTrue, this.locales).trim() || message('import.surveyjs.booleanTrue');
        const offLabel = textOf(el.labelFalse, this.locales).trim() || message('import.surveyjs.booleanFalse');
        add(
          answered({
            ...common,
            type: 'Toggle',
            onLabel: this.clip(onLabel, 100, element, name),
            offLabel: this.clip(offLabel, 100, element, name),
          }),
          'boolean',
          extra,
        );
        break;
      }
      case 'rating': {
        this.report.add(element, 'lossy', 'import.surveyjs.rating', { name });
        const given = asArray(el.rateValues);
        const scale: unknown[] =
          given.length > 0
            ? given
            : (() => {
                const min = typeof el.rateMin === 'number' ? el.rateMin : 1;
                const step = typeof el.rateStep === 'number' && el.rateStep > 0 ? el.rateStep : 1;
                const max =
                  typeof el.rateMax === 'number'
                    ? el.rateMax
                    : typeof el.rateCount === 'number'
                      ? min + (el.rateCount - 1) * step
                      : 5;
                const values: number[] = [];
                for (let v = min; v <= max && values.length < OPTIONS_MAX; v += step) values.push(v);
                return values;
              })();
        const choices = this.choices({ ...el, choices: scale }, element, name, false);
        if (!choices) add(answered({ ...common, type: 'Text', extendedType: 'Number' }), 'number');
        else add(answered({ ...common, type: 'Dropdown', options: options(choices) }), 'single', { choices });
        break;
      }
      case 'html': {
        const { text, hadMarkup } = htmlToText(textOf(el.html, this.locales));
        if (!text) {
          this.report.add(element, 'dropped', 'import.common.emptyContent', { name });
          break;
        }
        if (hadMarkup) this.report.add(element, 'lossy', 'import.common.htmlAsText', { name });
        const question: Json = { ...common, label: this.clip(text, LABEL_MAX, element, name), type: 'Note' };
        add(question, 'none');
        break;
      }
      case 'expression':
        this.report.add(element, 'lossy', 'import.common.calculation', {
          name,
          expression: String(el.expression ?? ''),
        });
        add({ ...common, type: 'Note' }, 'none');
        break;
      case 'file': {
        const question = answered({ ...common, type: 'FileUpload' });
        if (el.allowMultiple === true) question.multiple = true;
        if (typeof el.acceptedTypes === 'string' && el.acceptedTypes.trim())
          question.accept = this.clip(el.acceptedTypes.trim(), 200, element, name);
        if (el.maxSize !== undefined && el.maxSize !== 0)
          this.report.add(element, 'lossy', 'import.surveyjs.fileLimits', { name });
        add(question, 'text');
        break;
      }
      case 'signaturepad':
        add(answered({ ...common, type: 'Signature' }), 'text');
        break;
      case 'matrix':
      case 'matrixdropdown': {
        const question = this.grid(el, element, name, type, answered({ ...common, type: 'Grid' }));
        if (question) add(question, 'none');
        break;
      }
      case 'matrixdynamic':
      case 'paneldynamic': {
        const question = this.tableLight(el, element, name, type, answered({ ...common, type: 'TableLight' }));
        if (question) add(question, 'none');
        break;
      }
      case 'multipletext': {
        this.report.add(element, 'info', 'import.surveyjs.multipleText', { name });
        const items = asArray(el.items).filter(isObject);
        if (items.length === 0) {
          this.report.add(element, 'dropped', 'import.common.emptyContent', { name });
          break;
        }
        const note = this.push(page, { ...common, type: 'Note' }, { id: 0, name, kind: 'none' }, element, name, groups);
        built = note;
        if (el.isRequired === true && !items.every((item) => item.isRequired === true))
          this.report.add(element, 'lossy', 'import.surveyjs.multipleTextRequired', { name });
        const boxes: Built[] = [];
        for (const [j, item] of items.entries()) {
          const itemName = String(item.name ?? `${j + 1}`);
          const full = `${name}.${itemName}`;
          const itemPath = `${path}.items[${j}] (${itemName})`;
          const itemElement = this.report.element(itemPath);
          const question: Json = {
            id: 0,
            label: this.clip(textOf(item.title, this.locales).trim() || itemName, LABEL_MAX, itemElement, full),
            type: 'Text',
          };
          if (el.isRequired === true || item.isRequired === true) question.required = true;
          const typed = this.textQuestion(item, itemElement, full, question);
          const kind = typed.type === 'Date' ? 'date' : typed.extendedType === 'Number' ? 'number' : 'text';
          const box = this.push(page, typed, { id: 0, name: full, kind }, itemElement, full, groups, full);
          if (!box) continue;
          this.readValidators(item, box, itemPath, full);
          boxes.push(box);
        }
        // The multiple text's own condition holds for its title note and every box.
        if (note) this.readConditions(el, path, name, [note, ...boxes]);
        return;
      }
      case 'image':
        this.report.add(element, 'dropped', 'import.surveyjs.image', { name });
        return;
      default:
        this.report.add(element, 'dropped', 'import.common.unknownType', { name, type: String(el.type ?? '') });
        return;
    }
    if (!built) return;
    this.readValidators(el, built, path, name);
    this.readConditions(el, path, name, [built]);
  }

  /** Registers the question's visibleIf and enableIf (read once every name has its id) and reports requiredIf. */
  private readConditions(el: Json, path: string, name: string, questions: Built[]): void {
    for (const kind of ['visibleIf', 'enableIf'] as const) {
      const expression = el[kind];
      if (typeof expression !== 'string' || !expression.trim()) continue;
      const element = this.report.element(`${path}.${kind}`);
      this.pending.push({ expression, element, ownerName: name, kind, questions: [...questions] });
    }
    if (typeof el.requiredIf === 'string' && el.requiredIf.trim()) {
      const element = this.report.element(`${path}.requiredIf`);
      this.report.add(element, 'lossy', 'import.common.requiredIf', { name, expression: el.requiredIf });
    }
  }

  /** A text question by its inputType (number, date, month, color, url; others as plain text, reported). */
  private textQuestion(el: Json, element: SourceElement, name: string, question: Json): Json {
    const inputType = typeof el.inputType === 'string' ? el.inputType.toLowerCase() : 'text';
    const lossy = (
      id: 'import.surveyjs.inputType' | 'import.surveyjs.inputTypeDate' | 'import.surveyjs.inputTypeNumber',
    ) => this.report.add(element, 'lossy', id, { name, inputType });
    switch (inputType) {
      case 'text':
      case '':
        question.extendedType = 'Normal';
        break;
      case 'number':
      case 'range': {
        question.extendedType = 'Number';
        if (inputType === 'range') lossy('import.surveyjs.inputTypeNumber');
        const min = typeof el.min === 'number' ? el.min : undefined;
        const max = typeof el.max === 'number' ? el.max : undefined;
        if ((el.min !== undefined && min === undefined) || (el.max !== undefined && max === undefined))
          this.report.add(element, 'lossy', 'import.common.settingsNotKept', { name, properties: 'min, max' });
        if (min !== undefined) question.min = min;
        if (max !== undefined && (min === undefined || max >= min)) question.max = max;
        break;
      }
      case 'date':
      case 'datetime':
      case 'datetime-local':
        question.type = 'Date';
        if (inputType !== 'date') lossy('import.surveyjs.inputTypeDate');
        break;
      case 'month':
        question.type = 'Date';
        question.picker = 'month';
        break;
      case 'color':
        question.type = 'Colour';
        break;
      case 'url':
        question.extendedType = 'Hyperlink';
        break;
      default:
        question.extendedType = 'Normal';
        lossy('import.surveyjs.inputType');
    }
    if (question.type !== 'Text') delete question.extendedType;
    if (inputType !== 'number' && inputType !== 'range' && (el.min !== undefined || el.max !== undefined))
      this.report.add(element, 'lossy', 'import.common.settingsNotKept', { name, properties: 'min, max' });
    return question;
  }

  /** Each validator is an element: numeric min/max of a number question map; the others are dropped. */
  private readValidators(el: Json, built: Built, path: string, name: string): void {
    for (const [v, raw] of asArray(el.validators).entries()) {
      const validator = isObject(raw) ? raw : {};
      const type = String(validator.type ?? '');
      const element = this.report.element(`${path}.validators[${v}] (${type})`);
      const question = built.question;
      // A number check on a plain text box makes it a number question: SurveyJS refuses anything but a number there.
      if (type === 'numeric' && question.type === 'Text' && question.extendedType === 'Normal' && !el.inputType) {
        question.extendedType = 'Number';
        built.target.kind = 'number';
      }
      if (type === 'numeric' && question.type === 'Text' && question.extendedType === 'Number') {
        const min = typeof validator.minValue === 'number' ? validator.minValue : undefined;
        const max = typeof validator.maxValue === 'number' ? validator.maxValue : undefined;
        if (min !== undefined) question.min = typeof question.min === 'number' ? Math.max(question.min, min) : min;
        if (max !== undefined) question.max = typeof question.max === 'number' ? Math.min(question.max, max) : max;
        if (typeof question.min === 'number' && typeof question.max === 'number' && question.min > question.max)
          delete question.max;
        continue;
      }
      this.report.add(element, 'dropped', 'import.common.validatorDropped', { name, validator: type });
    }
  }

  /**
   * The choices of a choice question as `{ source, value }`: the text (default language) kept as the value, empty
   * and repeated ones left out (reported), special items (none, refuse, don't know) added as choices. Undefined when
   * none is left (the question is then imported as a text question, reported).
   */
  private choices(
    el: Json,
    element: SourceElement,
    name: string,
    multiple: boolean,
  ): Array<{ source: unknown; value: string }> | undefined {
    const out: Array<{ source: unknown; value: string }> = [];
    const seen = new Set<string>();
    const renamed: string[] = [];
    let conditional = false;
    const push = (source: unknown, text: string) => {
      const value = this.clip(text.trim(), OPTION_MAX, element, name);
      if (!value) return;
      if (seen.has(value)) {
        this.report.add(element, 'lossy', 'import.common.choiceDuplicate', { name, value });
        return;
      }
      if (out.length >= OPTIONS_MAX) {
        if (out.length === OPTIONS_MAX)
          this.report.add(element, 'lossy', 'import.common.choicesLimit', { name, limit: OPTIONS_MAX });
        out.push({ source, value: '' });
        return;
      }
      seen.add(value);
      out.push({ source, value });
      if (String(source) !== value) renamed.push(String(source));
    };
    for (const raw of asArray(el.choices)) {
      if (isObject(raw)) {
        if (raw.visibleIf !== undefined || raw.enableIf !== undefined) conditional = true;
        const text = textOf(raw.text, this.locales).trim();
        push(raw.value, text || textOf(raw.value, this.locales));
      } else if (raw !== null && raw !== undefined) push(raw, textOf(raw, this.locales));
    }
    const special = (flag: boolean, source: string, text: unknown, fallback: string, exclusive: boolean) => {
      if (!flag) return;
      const value = textOf(text, this.locales).trim() || fallback;
      push(source, value);
      if (exclusive && multiple) this.report.add(element, 'lossy', 'import.common.exclusiveChoice', { name, value });
    };
    special(
      el.showNoneItem === true || el.hasNone === true,
      'none',
      el.noneText,
      message('import.surveyjs.noneItem'),
      true,
    );
    special(el.showRefuseItem === true, 'refused', el.refuseText, message('import.surveyjs.refuseItem'), true);
    special(el.showDontKnowItem === true, 'dontknow', el.dontKnowText, message('import.surveyjs.dontKnowItem'), true);
    if (multiple && (el.showSelectAllItem === true || el.hasSelectAll === true))
      this.report.add(element, 'lossy', 'import.common.selectAll', { name });
    if (conditional || el.choicesVisibleIf !== undefined || el.choicesEnableIf !== undefined)
      this.report.add(element, 'lossy', 'import.common.choiceConditions', { name });
    const kept = out.filter((choice) => choice.value !== '');
    if (kept.length === 0) {
      this.report.add(element, 'lossy', 'import.common.choicesMissing', { name });
      return undefined;
    }
    if (renamed.length > 0)
      this.report.add(element, 'info', 'import.common.choiceTexts', { name, values: renamed.slice(0, 10).join(', ') });
    return kept;
  }

  /** A matrix (a Dropdown per row) or matrix of drop-downs (a column per matrix column) as a Grid; rows labelled. */
  private grid(el: Json, element: SourceElement, name: string, type: string, question: Json): Json | undefined {
    if (
      asArray(el.rows).some((row) => isObject(row) && (row.visibleIf !== undefined || row.enableIf !== undefined)) ||
      el.rowsVisibleIf !== undefined
    )
      this.report.add(element, 'lossy', 'import.common.choiceConditions', { name });
    const rows = asArray(el.rows).map((row) =>
      isObject(row) ? textOf(row.text, this.locales) || textOf(row.value, this.locales) : textOf(row, this.locales),
    );
    const columns = asArray(el.columns).filter((c) => c !== null && c !== undefined);
    if (rows.length === 0 || columns.length === 0) {
      this.report.add(element, 'dropped', 'import.common.emptyContent', { name });
      return undefined;
    }
    if (rows.length > GRID_ROWS_MAX || columns.length + 1 > GRID_COLUMNS_MAX)
      this.report.add(element, 'lossy', 'import.surveyjs.matrixRowsLimit', { name, limit: GRID_ROWS_MAX });
    const keptRows = rows.slice(0, GRID_ROWS_MAX);
    const cellQuestions: Array<{ header: string; cell: () => Json }> = [];
    const required = el.isAllRowRequired === true;
    const optionList = (list: unknown[]): Json[] => {
      const seen = new Set<string>();
      const out: Json[] = [];
      for (const raw of list) {
        const text = (
          isObject(raw) ? textOf(raw.text, this.locales) || textOf(raw.value, this.locales) : textOf(raw, this.locales)
        )
          .trim()
          .slice(0, OPTION_MAX);
        if (!text || seen.has(text) || out.length >= GRID_OPTIONS_MAX) continue;
        seen.add(text);
        out.push({ id: out.length + 1, value: text });
      }
      return out;
    };
    if (type === 'matrix') {
      this.report.add(element, 'lossy', 'import.surveyjs.matrix', { name });
      const opts = optionList(columns);
      cellQuestions.push({
        header: '',
        cell: () => ({ type: 'Dropdown', options: opts, ...(required ? { isRequired: true } : {}) }),
      });
    } else {
      for (const raw of columns.slice(0, GRID_COLUMNS_MAX - 1)) {
        const column = isObject(raw) ? raw : { name: String(raw) };
        const header = (textOf(column.title, this.locales) || String(column.name ?? '')).slice(0, 200);
        const cellType = String(column.cellType ?? el.cellType ?? 'dropdown').toLowerCase();
        const isRequired = required || column.isRequired === true;
        const base = isRequired ? { isRequired: true } : {};
        const choices = asArray(column.choices ?? el.choices);
        let cell: Json;
        if ((cellType === 'dropdown' || cellType === 'radiogroup') && optionList(choices).length > 0)
          cell = { type: 'Dropdown', options: optionList(choices), ...base };
        else if (cellType === 'text' && column.inputType === 'number') cell = { type: 'Number', ...base };
        else if (cellType === 'text' && column.inputType === 'date') cell = { type: 'Date', ...base };
        else if (cellType === 'text' && (column.inputType === undefined || column.inputType === 'text'))
          cell = { type: 'Text', ...base };
        else if (cellType === 'comment') cell = { type: 'Long', ...base };
        else if (cellType === 'boolean') cell = { type: 'Checkbox', ...base };
        else {
          this.report.add(element, 'lossy', 'import.surveyjs.matrixColumn', { name, column: header, cellType });
          cell = { type: 'Text', ...base };
        }
        cellQuestions.push({ header, cell: () => ({ ...cell }) });
      }
    }
    let cellId = 1;
    const headers: Json[] = [{ index: 0, label: '' }];
    const cells: Json[] = [];
    for (const [i, c] of cellQuestions.entries()) headers.push({ index: i + 1, label: c.header });
    keptRows.forEach((rowLabel, r) => {
      const label = this.clip(rowLabel.trim(), LABEL_MAX, element, name);
      cells.push({
        id: cellId,
        rowIndex: r,
        columnIndex: 0,
        cellQuestion: { id: cellId++, type: 'Note', ...(label ? { label } : {}) },
      });
      cellQuestions.forEach((c, i) => {
        cells.push({ id: cellId, rowIndex: r, columnIndex: i + 1, cellQuestion: { ...c.cell(), id: cellId++ } });
      });
    });
    question.grid = { totalColumns: cellQuestions.length + 1, totalRows: keptRows.length, headers, cells };
    return question;
  }

  /** A matrix of rows the user adds, or a panel repeated by the user, as a TableLight (cells of text). */
  private tableLight(el: Json, element: SourceElement, name: string, type: string, question: Json): Json | undefined {
    const headings: string[] = [];
    if (type === 'paneldynamic') {
      this.report.add(element, 'lossy', 'import.surveyjs.panelDynamic', { name });
      const walk = (items: unknown[]) => {
        for (const raw of items) {
          if (!isObject(raw)) continue;
          if (raw.type === 'panel') walk(asArray(raw.elements));
          else headings.push(textOf(raw.title, this.locales).trim() || String(raw.name ?? ''));
        }
      };
      walk(asArray(el.templateElements));
    } else {
      for (const raw of asArray(el.columns)) {
        const column = isObject(raw) ? raw : { name: String(raw) };
        const heading = textOf(column.title, this.locales).trim() || String(column.name ?? '');
        const cellType = String(column.cellType ?? el.cellType ?? 'dropdown').toLowerCase();
        const plain = cellType === 'text' && (column.inputType === undefined || column.inputType === 'text');
        const extra = Object.keys(column).filter((key) => BEHAVIOUR_KEYS.has(key) || key === 'readOnly');
        for (const key of Object.keys(column))
          if (!BEHAVIOUR_KEYS.has(key) && !['name', 'title', 'cellType', 'inputType', 'readOnly'].includes(key))
            this.layout.add(key);
        if (!plain)
          this.report.add(element, 'lossy', 'import.surveyjs.matrixDynamic', { name, column: heading, cellType });
        else if (extra.length > 0)
          this.report.add(element, 'lossy', 'import.common.settingsNotKept', {
            name: `${name}.${heading}`,
            properties: extra.join(', '),
          });
        headings.push(heading);
      }
    }
    const seen = new Set<string>();
    const columns: Json[] = [];
    for (const heading of headings) {
      const value = heading.slice(0, OPTION_MAX);
      if (!value || seen.has(value)) continue;
      if (columns.length >= TABLE_COLUMNS_MAX) {
        this.report.add(element, 'lossy', 'import.surveyjs.matrixRowsLimit', { name, limit: TABLE_COLUMNS_MAX });
        break;
      }
      seen.add(value);
      columns.push({ id: columns.length + 1, value });
    }
    if (columns.length === 0) {
      this.report.add(element, 'dropped', 'import.common.emptyContent', { name });
      return undefined;
    }
    question.columns = columns;
    return question;
  }

  /** Triggers, calculated values and the completed-page HTML: elements with no counterpart, each reported. */
  private readSurveyExtras(source: Json): void {
    for (const [t, raw] of asArray(source.triggers).entries()) {
      const trigger = isObject(raw) ? raw : {};
      const element = this.report.element(`triggers[${t}] (${String(trigger.type ?? '')})`);
      const expression =
        typeof trigger.expression === 'string'
          ? trigger.expression
          : `{${String(trigger.name ?? '')}} ${String(trigger.operator ?? '')} ${String(trigger.value ?? '')}`.trim();
      this.report.add(element, 'dropped', 'import.surveyjs.trigger', { type: String(trigger.type ?? ''), expression });
    }
    for (const [c, raw] of asArray(source.calculatedValues).entries()) {
      const value = isObject(raw) ? raw : {};
      const element = this.report.element(`calculatedValues[${c}] (${String(value.name ?? '')})`);
      this.report.add(element, 'dropped', 'import.surveyjs.calculatedValue', {
        name: String(value.name ?? ''),
        expression: String(value.expression ?? ''),
      });
    }
    if (source.completedHtml !== undefined || source.completedHtmlOnCondition !== undefined) {
      const element = this.report.element('completedHtml');
      if (typeof source.completedHtml === 'object') textOf(source.completedHtml, this.locales);
      this.report.add(element, 'dropped', 'import.surveyjs.completedHtml');
    }
  }

  /** Reads a pending condition now that every name has its id, and attaches it (or reports why not). */
  private resolve(pending: Pending): void {
    if (!pending.expression) return;
    const { expression, element, ownerName } = pending;
    const read = readExpression(expression, (name) => this.lookup(name));
    if (!read.ok) {
      this.report.add(element, 'dropped', read.messageId, { expression, name: ownerName, ...read.params });
      return;
    }
    // A condition reads only questions before what it belongs to (a page's: earlier pages).
    const firstId = pending.page ? pending.page.firstId : Math.min(...pending.questions.map((b) => b.target.id));
    const later = read.reads.find((id) => id >= firstId);
    if (later !== undefined) {
      const ref = [...this.names.entries()].find(([, target]) => target.id === later)?.[0] ?? String(later);
      this.report.add(element, 'dropped', 'import.common.conditionLaterQuestion', { expression, name: ownerName, ref });
      return;
    }
    if (conditionDepth(read.condition) > 3 || tooWide(read.condition)) {
      this.report.add(element, 'dropped', 'import.common.conditionTooDeep', { expression, name: ownerName });
      return;
    }
    if (pending.kind === 'enableIf')
      this.report.add(element, 'lossy', 'import.common.enableIf', { name: ownerName, expression });
    if (pending.page) {
      pending.page.condition = pending.page.condition
        ? combine([pending.page.condition, read.condition])
        : read.condition;
      return;
    }
    for (const built of pending.questions) built.conditions.push({ condition: read.condition, element, expression });
  }

  private lookup(name: string): ConditionTarget | undefined {
    const exact = this.names.get(name);
    if (exact) return exact;
    // SurveyJS matches question names in expressions without regard to case.
    const lower = name.toLowerCase();
    for (const [key, target] of this.names) if (key.toLowerCase() === lower) return target;
    return undefined;
  }
}

/** Options `{ id, value }` from the kept choices (ids from 1 in order). */
function options(choices: Array<{ value: string }>): Json[] {
  return choices.map((choice, i) => ({ id: i + 1, value: choice.value }));
}

/** One condition, or an `all` of several (an `all` among them spread into it). */
function combine(conditions: Condition[]): Condition {
  if (conditions.length === 1) return conditions[0];
  const items: Condition[] = [];
  for (const condition of conditions) {
    const all = (condition as Record<string, unknown>).all;
    if (Array.isArray(all)) items.push(...(all as Condition[]));
    else items.push(condition);
  }
  return { all: items } as Condition;
}

/** True when a group of the condition holds more than the 100 conditions a group may. */
function tooWide(condition: Condition): boolean {
  for (const kind of ['all', 'any', 'none']) {
    const items = (condition as Record<string, unknown>)[kind];
    if (Array.isArray(items)) return items.length > 100 || (items as Condition[]).some(tooWide);
  }
  return false;
}
