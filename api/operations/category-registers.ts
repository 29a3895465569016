/**
 * The category registers of a project and their charts (issue 24 §5, §6; shell-access-navigation.md §2.3: the
 * project's quality assurance and health and safety pages audits, inspections, inductions, reports, meetings,
 * toolbox-talk; docs/decisions.md "Category registers and charts").
 *
 * A category register lists the entries of the forms of one category of a form area (the form library's
 * categories) that are published, active and offered on the project: one row per entry with its form's title,
 * Entry Number, Created, Entered By, Status, and where the form is scored its Score (%) and Rating band
 * (engine/registers/entry-score.ts). Paging, sorting and filtering are the store's (the index
 * `formEntries_charts`, api/store/indexes.ts); the charts are counts the store groups (`Collection.countBy`),
 * never the rows read by the API or the browser.
 */
import { AppError } from '../../engine/errors';
import { formatCreated, protectCell } from '../../engine/export/csv';
import { entryStatus, splitStatusFilter } from '../../engine/forms/entry-status';
import { message } from '../../engine/messages/catalogue';
import { type EntryScore, entryScore, isScored, ratingBandsOf, weekOf } from '../../engine/registers/entry-score';
import { filterText } from '../../engine/registers/rows';
import type { AccessSubject } from '../../engine/rules/access';
import { FORM_CATEGORY_PAGES, FORM_SECTIONS } from '../../engine/rules/form-sections';
import { operationAllowedByName } from '../../engine/rules/operation-access';
import type { FormDefinition, FormEntry, Project, RegisterQuery } from '../../engine/types/generated';
import type { Filter, FindOptions, Store } from '../store/port';
import { type EntryScope, readModelReady, registerSelection } from './entries';
import { offeredOn } from './forms';

type EntryDoc = FormEntry & { [key: string]: unknown };
type FormVersionDoc = { formId: number; version: number; definition: FormDefinition };

/** A category register's context: tenant, project, form area, category and its forms (by title). */
export interface CategoryScope {
  store: Store;
  clientId: number;
  project: Project;
  formArea: string;
  category: string;
  forms: FormDefinition[];
}

/** One row of a category register. */
export interface CategoryRow {
  /** `{formId}-{entryNumber}`: unique in the register (the row key, and a ticked row's id). */
  key: string;
  formId: number;
  formTitle: string;
  entryNumber: number;
  date: string;
  enteredBy: string;
  status: 'Draft' | 'Submitted';
  /** The entry's score in percent; null for a form that is not scored. */
  score: number | null;
  /** The entry's rating band; '' for a form that is not scored or a score no band holds. */
  ratingBand: string;
}

/** The data of one chart: category labels (x axis, slices) and one series of values per label each. */
export interface ChartData {
  labels: string[];
  series: Array<{ label: string; values: number[] }>;
}

/** The charts of a register: entries per week by form; for scored forms the score buckets and rating bands. */
export interface RegisterCharts {
  entriesPerWeek: ChartData;
  scoreDistribution: ChartData | null;
  ratingBands: ChartData | null;
}

/**
 * The latest published versions of the active forms of `formArea` offered on the project, by title; of one
 * category when `category` is given.
 */
export async function areaForms(
  store: Store,
  clientId: number,
  formArea: string,
  projectId: number,
  category?: string,
): Promise<FormDefinition[]> {
  const versions = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formArea }, { sort: { formId: 1, version: -1 } });
  const latest = new Map<number, FormDefinition>();
  for (const v of versions) if (!latest.has(v.formId)) latest.set(v.formId, v.definition);
  return [...latest.values()]
    .filter((def) => def.isActive !== false && offeredOn(def, projectId))
    .filter((def) => category === undefined || def.category === category)
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
}

/**
 * The scope of a category register of `project`.
 * @throws AppError 404 notFound.generic when the form area has no such category page
 */
export async function categoryScope(
  store: Store,
  clientId: number,
  project: Project,
  formArea: string,
  category: string,
): Promise<CategoryScope> {
  if (!(FORM_CATEGORY_PAGES[formArea] ?? []).includes(category)) throw new AppError(404, 'notFound.generic');
  const forms = await areaForms(store, clientId, formArea, project.id, category);
  return { store, clientId, project, formArea, category, forms };
}

/** The weeks (their Mondays) a year 'yyyy', month 'yyyy-MM' or day 'yyyy-MM-dd' falls in, as a store range. */
function weeksOf(text: string): { $gte: string; $lte: string } {
  const [year, month, day] = text.split('-').map(Number);
  const first = `${text}${month === undefined ? '-01-01' : day === undefined ? '-01' : ''}`;
  const last =
    day !== undefined ? text : new Date(Date.UTC(year, month === undefined ? 12 : month, 0)).toISOString().slice(0, 10);
  return { $gte: weekOf(first), $lte: weekOf(last) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The columns a category register sorts by, and the stored field each sorts on. */
const SORT_FIELDS: Readonly<Record<string, string>> = {
  date: 'date',
  entryNumber: 'entryNumber',
  enteredBy: 'enteredBy',
  score: 'scorePercent',
  ratingBand: 'ratingBand',
};

/**
 * The store filter of a category register query: the project's entries of the category's forms, narrowed by the
 * query's filters (formId and entryNumber exactly; formTitle, enteredBy and ratingBand contain the text,
 * ignoring case; date contains the text of the stored ISO date-time, e.g. '2026-11'; status Draft, Submitted or
 * All, else `defaultStatus`) and its global filter (the form's title, Entered By or the rating band). Null when
 * nothing can match (no form left, an unknown status).
 * @throws AppError 400 categoryRegisters.unknownColumn for a filter on another column
 */
export function categoryFilter(
  scope: CategoryScope,
  query: Pick<RegisterQuery, 'filters' | 'globalFilter'>,
  defaultStatus?: 'Draft' | 'Submitted',
  options: { weeks?: boolean } = {},
): Filter | null {
  let forms = scope.forms;
  const and: Filter[] = [];
  const { status, rest } = splitStatusFilter(query.filters);
  const wanted = status ?? defaultStatus;
  if (wanted === 'None') return null;
  if (wanted === 'Draft') and.push({ isDraft: true });
  if (wanted === 'Submitted') and.push({ isDraft: { $ne: true } });
  for (const f of rest) {
    const text = filterText(f.value);
    if (text === '') continue;
    const contains = { $regex: escapeRegExp(text), $options: 'i' };
    switch (f.id) {
      case 'formId':
        forms = forms.filter((def) => String(def.id) === text);
        break;
      case 'formTitle':
        forms = forms.filter((def) => def.title.toLowerCase().includes(text.toLowerCase()));
        break;
      case 'entryNumber':
        if (!/^\d+$/.test(text)) return null;
        and.push({ entryNumber: Number(text) });
        break;
      case 'date':
        // A year, month or day (what one types: '2026', '2026-11', '2026-11-20') can only be the start of the stored
        // ISO date-time: a range of the index rather than a text match of every entry.
        // For the charts' counts (`weeks`), the same range of weeks too, so that the week index (its groups' order)
        // is the one read; entries whose read model is not built yet have no week, and are counted otherwise.
        if (/^\d{4}(-\d{2}(-\d{2})?)?$/.test(text))
          and.push(
            { date: { $gte: text, $lt: `${text}\uffff` } },
            ...(options.weeks ? [{ entryWeek: weeksOf(text) }] : []),
          );
        else and.push({ date: { $regex: escapeRegExp(text) } });
        break;
      case 'enteredBy':
      case 'ratingBand':
        and.push({ [f.id]: contains });
        break;
      default:
        throw new AppError(400, 'categoryRegisters.unknownColumn', { column: f.id });
    }
  }
  if (forms.length === 0) return null;
  const global = (query.globalFilter ?? '').trim();
  if (global !== '') {
    const titled = forms.filter((def) => def.title.toLowerCase().includes(global.toLowerCase())).map((d) => d.id);
    const contains = { $regex: escapeRegExp(global), $options: 'i' };
    and.push({
      $or: [
        { enteredBy: contains },
        { ratingBand: contains },
        ...(titled.length > 0 ? [{ formId: { $in: titled } }] : []),
      ],
    });
  }
  const base: Filter = {
    clientId: scope.clientId,
    projectId: scope.project.id,
    formId: { $in: forms.map((def) => def.id) },
  };
  return and.length > 0 ? { ...base, $and: and } : base;
}

/**
 * The store sort of a register query: one column of SORT_FIELDS, else Created newest first; ties by Created, form
 * and entry number, newest first (by Created: in the same direction as Created).
 * @throws AppError 400 categoryRegisters.unknownColumn for a sort on another column
 */
function categorySort(query: Pick<RegisterQuery, 'sorting'>): NonNullable<FindOptions['sort']> {
  const [first] = query.sorting ?? [];
  if (first && !SORT_FIELDS[first.id]) throw new AppError(400, 'categoryRegisters.unknownColumn', { column: first.id });
  const field = first ? SORT_FIELDS[first.id] : 'date';
  const dir = first && first.desc !== true ? 1 : -1;
  // By Created, the ties go the same way, so that the index formEntries_category_date serves the order whole.
  if (field === 'date') return { date: dir, formId: dir, entryNumber: dir };
  return { [field]: dir, date: -1, formId: -1, entryNumber: -1 };
}

/** A row of the register from a stored entry (the score from the form's latest version). */
function rowOf(byId: Map<number, FormDefinition>, entry: EntryDoc): CategoryRow {
  const def = byId.get(entry.formId);
  const score: EntryScore | null = def ? entryScore(def, entry) : null;
  return {
    key: `${entry.formId}-${entry.entryNumber}`,
    formId: entry.formId,
    formTitle: def?.title ?? '',
    entryNumber: entry.entryNumber,
    date: entry.date,
    enteredBy: entry.enteredBy,
    status: entryStatus(entry),
    score: score?.percent ?? null,
    ratingBand: score?.band ?? '',
  };
}

/** What a register row needs of a stored entry. */
const rowProjection: Record<string, 0 | 1> = {
  _id: 0,
  formId: 1,
  entryNumber: 1,
  date: 1,
  enteredBy: 1,
  isDraft: 1,
  answers: 1,
};

/**
 * A page of a category register, with `drafts` (how many drafts the register holds, whatever the query: the
 * Status choice's hint) and `forms` (the category's forms, `{ id, title, displayEntryCreateButton }`: the Add
 * menu offers those whose 'Display entry Create Button' is on).
 * @throws AppError 400 categoryRegisters.unknownColumn
 */
export async function categoryPage(scope: CategoryScope, query: RegisterQuery) {
  const pageIndex = query.pageIndex ?? 0;
  const pageSize = query.pageSize ?? 10;
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const forms = scope.forms.map(({ id, title, displayEntryCreateButton }) => ({
    id,
    title,
    displayEntryCreateButton: displayEntryCreateButton !== false,
  }));
  const sort = categorySort(query);
  const filter = categoryFilter(scope, query);
  const allForms = categoryFilter(scope, {});
  const drafts = allForms ? await entries.countDocuments({ ...allForms, isDraft: true }) : 0;
  if (!filter) return { items: [] as CategoryRow[], totalRecords: 0, drafts, forms };
  const byId = new Map(scope.forms.map((def) => [def.id, def]));
  const [totalRecords, docs] = await Promise.all([
    entries.countDocuments(filter),
    entries.find(filter, { sort, skip: pageIndex * pageSize, limit: pageSize, projection: rowProjection }),
  ]);
  return { items: docs.map((doc) => rowOf(byId, doc)), totalRecords, drafts, forms };
}

/**
 * The rows a CSV download of a category register holds, one at a time in the register's order (a store cursor:
 * memory stays flat): the ticked `entries` when given, else those matching the query, submitted ones only when
 * the query has no status filter (as the form register's CSV, docs/decisions.md "Drafts").
 */
export async function* categoryRowsForDownload(
  scope: CategoryScope,
  request: Pick<RegisterQuery, 'filters' | 'globalFilter' | 'sorting'> & {
    entries?: Array<{ formId: number; entryNumber: number }>;
  },
): AsyncGenerator<CategoryRow> {
  const ticked = request.entries && request.entries.length > 0 ? request.entries : null;
  let filter = ticked ? categoryFilter(scope, {}) : categoryFilter(scope, request, 'Submitted');
  if (!filter) return;
  if (ticked) {
    const byForm = new Map<number, number[]>();
    for (const { formId, entryNumber } of ticked) byForm.set(formId, [...(byForm.get(formId) ?? []), entryNumber]);
    filter = {
      $and: [filter, { $or: [...byForm].map(([formId, numbers]) => ({ formId, entryNumber: { $in: numbers } })) }],
    };
  }
  const byId = new Map(scope.forms.map((def) => [def.id, def]));
  const docs = scope.store
    .collection<EntryDoc>('formEntries')
    .findEach(filter, { sort: categorySort(request), projection: rowProjection });
  for await (const doc of docs) yield rowOf(byId, doc);
}

const CRLF = '\r\n';

function csvText(value: string): string {
  const text = protectCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The CSV of a category register (docs/decisions.md "Category registers and charts": the register's own columns,
 * not each form's questions, since the forms differ): UTF-8 BOM, the header Form, Entry Number, Created, Entered
 * By, Status, then Score (%) and Rating band when some form of the category is scored; CRLF line ends; Created
 * as yyyy-MM-dd HH:mm in `timeZone`; formula-like cells neutralised (engine/export/csv.ts protectCell). Streamed
 * in pieces of 500 rows.
 */
export async function* categoryCsv(
  scope: CategoryScope,
  rows: AsyncIterable<CategoryRow>,
  timeZone = 'UTC',
): AsyncGenerator<string> {
  const scored = scope.forms.some(isScored);
  const header = [
    message('categoryRegisters.form'),
    message('register.entryNumber'),
    message('register.date'),
    message('register.enteredBy'),
    message('register.status'),
    ...(scored ? [message('categoryRegisters.score'), message('categoryRegisters.ratingBand')] : []),
  ];
  yield `\ufeff${header.map(csvText).join(',')}`;
  let piece = '';
  let count = 0;
  for await (const row of rows) {
    const cells = [
      csvText(row.formTitle),
      String(row.entryNumber),
      csvText(formatCreated(row.date, timeZone)),
      csvText(row.enteredBy),
      csvText(message(`register.status.${row.status}`)),
      ...(scored ? [row.score === null ? '' : String(row.score), csvText(row.ratingBand)] : []),
    ];
    piece += `${CRLF}${cells.join(',')}`;
    count += 1;
    if (count % 500 === 0) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/** The most weeks the entries-over-time chart shows (the latest ones): three years. */
export const MAX_WEEKS = 156;

/** What the charts of a category register count. */
interface ChartCounts {
  /** formId -> week (its Monday, UTC) -> entries. */
  perWeek: Map<number, Map<string, number>>;
  /** Entries of scored forms per tenth of the score scale (0-9). */
  buckets: number[];
  /** Entries of scored forms per rating band ('' for a score no band holds). */
  bands: Map<string, number>;
}

/** `filter` narrowed to the forms `ids` (within the forms it already names). */
function withForms(filter: Filter, ids: number[]): Filter {
  const named = (filter.formId as { $in: number[] }).$in;
  return { ...filter, formId: { $in: named.filter((id) => ids.includes(id)) } };
}

/**
 * The counts of the charts (issue 24 §6) over the entries matching `filter` (`stored`: the same with the weeks of a
 * date filter, which only the stored read model answers, for the weekly counts, so that the week index is read by
 * its range; the score counts take `filter`, as their index holds no week): asked of the store (`countBy` on the
 * stored week and score fields, api/operations/entries.ts readModelOf; each grouping walks its own index in order:
 * api/store/indexes.ts) for the forms whose read model is up to date; a form whose rows are being rebuilt (a new
 * version, entries of an earlier release) is counted from its entries one at a time meanwhile, so the charts are
 * right while it lasts.
 */
async function chartCounts(scope: CategoryScope, filter: Filter, stored: Filter): Promise<ChartCounts> {
  const ready: FormDefinition[] = [];
  const stale: FormDefinition[] = [];
  const named = new Set((filter.formId as { $in: number[] }).$in);
  for (const def of scope.forms.filter((f) => named.has(f.id))) {
    const entryScope = {
      store: scope.store,
      clientId: scope.clientId,
      clientName: '',
      project: scope.project,
      form: def,
    };
    ((await readModelReady(entryScope)) ? ready : stale).push(def);
  }
  const { counts, addWeek, addScore, addEntry } = chartTally();
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const scoredReady = ready.filter(isScored).map((def) => def.id);
  const [weeks, scores] = await Promise.all([
    ready.length > 0
      ? entries.countBy(
          withForms(
            stored,
            ready.map((def) => def.id),
          ),
          [{ field: 'formId' }, { field: 'entryWeek' }],
          { hint: 'formEntries_charts_week' },
        )
      : [],
    scoredReady.length > 0
      ? entries.countBy(
          withForms(filter, scoredReady),
          [{ field: 'formId' }, { field: 'scoreBucket' }, { field: 'ratingBand' }],
          { hint: 'formEntries_charts_score' },
        )
      : [],
  ]);
  for (const { values, count } of weeks) addWeek(values[0] as number, String(values[1] ?? ''), count);
  for (const { values, count } of scores)
    if (typeof values[1] === 'number') addScore(values[1], String(values[2] ?? ''), count);
  for (const def of stale) {
    const docs = entries.findEach(withForms(filter, [def.id]), { projection: { _id: 0, date: 1, answers: 1 } });
    for await (const doc of docs) addEntry(def, doc);
  }
  return counts;
}

/** Empty chart counts and what adds to them: counted groups, or one entry of a form (its week and score). */
function chartTally() {
  const counts: ChartCounts = { perWeek: new Map(), buckets: new Array<number>(10).fill(0), bands: new Map() };
  const addWeek = (formId: number, week: string, count: number) => {
    if (week === '') return;
    const weeks = counts.perWeek.get(formId) ?? new Map<string, number>();
    weeks.set(week, (weeks.get(week) ?? 0) + count);
    counts.perWeek.set(formId, weeks);
  };
  const addScore = (bucket: number, band: string, count: number) => {
    counts.buckets[bucket] += count;
    counts.bands.set(band, (counts.bands.get(band) ?? 0) + count);
  };
  const addEntry = (def: FormDefinition, entry: Pick<FormEntry, 'date' | 'answers'>) => {
    addWeek(def.id, weekOf(entry.date), 1);
    const score = entryScore(def, entry);
    if (score) addScore(score.bucket, score.band, 1);
  };
  return { counts, addWeek, addScore, addEntry };
}

/**
 * Entries per week by form (issue 24 §6): weeks (Monday to Sunday, UTC) from the first week with an entry to the
 * last (weeks without one count 0; at most MAX_WEEKS, the latest); one series per form with entries, by title.
 */
function entriesPerWeek(forms: readonly FormDefinition[], perWeek: ChartCounts['perWeek']): ChartData {
  let first = '';
  let last = '';
  for (const weeks of perWeek.values())
    for (const week of weeks.keys()) {
      if (first === '' || week < first) first = week;
      if (last === '' || week > last) last = week;
    }
  const labels: string[] = [];
  if (first !== '') {
    const end = Date.parse(`${last}T00:00:00Z`);
    const start = Math.max(Date.parse(`${first}T00:00:00Z`), end - (MAX_WEEKS - 1) * 7 * 86_400_000);
    for (let t = start; t <= end; t += 7 * 86_400_000) labels.push(new Date(t).toISOString().slice(0, 10));
  }
  const series = forms
    .filter((def) => perWeek.has(def.id))
    .map((def) => ({ label: def.title, values: labels.map((week) => perWeek.get(def.id)?.get(week) ?? 0) }));
  return { labels, series };
}

/** The labels of the score buckets 0-9: '0-10%' ... '90-100%'. */
export function bucketLabels(): string[] {
  return Array.from({ length: 10 }, (_, i) => message('categoryRegisters.bucket', { from: i * 10, to: i * 10 + 10 }));
}

/**
 * The charts of a category register with the register's filters (issue 24 §6): `entriesPerWeek` (a series per
 * form), and for a category with scored forms `scoreDistribution` (entries per tenth of the score scale) and
 * `ratingBands` (entries per band: the bands of the scored forms in their order, then 'No band' for scores no
 * band holds); null when no form of the category is scored. Counted by the store (`countBy`).
 * @throws AppError 400 categoryRegisters.unknownColumn
 */
export async function categoryCharts(
  scope: CategoryScope,
  query: Pick<RegisterQuery, 'filters' | 'globalFilter'>,
): Promise<RegisterCharts> {
  const filter = categoryFilter(scope, query);
  const scored = scope.forms.some(isScored);
  if (!filter) {
    const none = { labels: [], series: [] };
    return { entriesPerWeek: none, scoreDistribution: scored ? none : null, ratingBands: scored ? none : null };
  }
  const counts = await chartCounts(scope, filter, categoryFilter(scope, query, undefined, { weeks: true }) ?? filter);
  return chartsOf(scope.forms, counts);
}

/** The charts of a register (category or form) of `forms` from their counts (see `categoryCharts`). */
function chartsOf(forms: readonly FormDefinition[], counts: ChartCounts): RegisterCharts {
  const entriesLabel = message('categoryRegisters.entries');
  const perWeek = entriesPerWeek(forms, counts.perWeek);
  if (!forms.some(isScored)) return { entriesPerWeek: perWeek, scoreDistribution: null, ratingBands: null };
  const order: string[] = [];
  for (const def of forms.filter(isScored))
    for (const band of ratingBandsOf(def)) if (!order.includes(band.label)) order.push(band.label);
  for (const band of counts.bands.keys()) if (band !== '' && !order.includes(band)) order.push(band);
  const bandLabels = [...order, ...(counts.bands.get('') ? [''] : [])];
  return {
    entriesPerWeek: perWeek,
    scoreDistribution: { labels: bucketLabels(), series: [{ label: entriesLabel, values: counts.buckets }] },
    ratingBands: {
      labels: bandLabels.map((band) => (band === '' ? message('categoryRegisters.noBand') : band)),
      series: [{ label: entriesLabel, values: bandLabels.map((band) => counts.bands.get(band) ?? 0) }],
    },
  };
}

/**
 * The charts of a form's register with its filters and search (issue 24 §6: "on each register page"), as a
 * category register's (`categoryCharts`) for the one form: entries per week, and for a scored form the score
 * distribution and the rating bands. The store counts them (`countBy` on the chart indexes) when the form's read
 * model answers the filters (api/operations/entries.ts `registerSelection`); otherwise the matching entries are
 * counted as the register page selects them in memory.
 */
export async function formRegisterCharts(
  scope: EntryScope,
  query: Pick<RegisterQuery, 'filters' | 'globalFilter'>,
): Promise<RegisterCharts> {
  const forms = [scope.form];
  const selection = await registerSelection(scope, query);
  if ('filter' in selection) {
    const asCategory: CategoryScope = {
      store: scope.store,
      clientId: scope.clientId,
      project: scope.project,
      formArea: scope.form.formArea,
      category: '',
      forms,
    };
    return chartsOf(forms, await chartCounts(asCategory, selection.filter, selection.filter));
  }
  const { counts, addEntry } = chartTally();
  for (const entry of selection.entries) addEntry(scope.form, entry);
  return chartsOf(forms, counts);
}

/** The message id of a category page's title (formLibrary.category.audits, ...toolboxTalk). */
function categoryTitleId(category: string) {
  return `formLibrary.category.${category.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}` as const;
}

/** The title of a form area's section (Quality Assurance, Health & Safety). */
function areaTitle(formArea: string): string {
  return message(formArea === 'health-and-safety' ? 'shell.healthSafety' : 'qa.title');
}

/** The title of a category page, e.g. 'Health & Safety Inspections'. */
export function categoryPageTitle(formArea: string, category: string): string {
  return `${areaTitle(formArea)} ${message(categoryTitleId(category) as Parameters<typeof message>[0])}`;
}

/** One row of the project home's open items: a category page and its drafts not yet submitted. */
export interface OpenItemsRow {
  key: string;
  formArea: string;
  section: string;
  category: string;
  area: string;
  categoryTitle: string;
  open: number;
}

/**
 * Open items per category on the project home (issue 24 §6; docs/decisions.md "Category registers and charts":
 * an open item is a draft not yet submitted): a row per category page of each form area with category pages
 * (quality assurance, health and safety) that `user` may view on the project, with the drafts of its forms; and
 * the chart `openItems` of the same numbers. The store counts the project's drafts per form (`countBy`).
 */
export async function openItems(store: Store, clientId: number, project: Project, user: AccessSubject) {
  const groups = await store
    .collection('formEntries')
    .countBy({ clientId, projectId: project.id, isDraft: true }, [{ field: 'formId' }]);
  const drafts = new Map(groups.map(({ values, count }) => [values[0] as number, count]));
  const items: OpenItemsRow[] = [];
  for (const [formArea, categories] of Object.entries(FORM_CATEGORY_PAGES)) {
    // The category register's own access question (view on the area with one of its section codes).
    if (!operationAllowedByName(user, 'entries.category', { projectId: project.id, formArea, category: categories[0] }))
      continue;
    const forms = await areaForms(store, clientId, formArea, project.id);
    for (const category of categories) {
      const open = forms
        .filter((def) => def.category === category)
        .reduce((sum, def) => sum + (drafts.get(def.id) ?? 0), 0);
      items.push({
        key: `${formArea}/${category}`,
        formArea,
        section: FORM_SECTIONS[formArea],
        category,
        area: areaTitle(formArea),
        categoryTitle: message(categoryTitleId(category) as Parameters<typeof message>[0]),
        open,
      });
    }
  }
  const chart: ChartData = {
    labels: items.map((row) => `${row.area} - ${row.categoryTitle}`),
    series: [{ label: message('categoryRegisters.openItems'), values: items.map((row) => row.open) }],
  };
  return { items, totalRecords: items.length, openItems: chart };
}
