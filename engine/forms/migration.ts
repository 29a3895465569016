/**
 * Migrating entries to a new version of their form (issue 22 §3 "Migrate entries to a new version";
 * docs/import-and-migration.md "Migrating entries"). Pure: the API (api/operations/named/migration.ts) reads the
 * versions and the entries and writes what this module computes.
 *
 * - {@link MigrationPlanner}: from the published versions the entries were filled in, the latest version and the
 *   entries' answers, the plan: one {@link MigrationChange} per removed question, changed type, option gone
 *   (renamed when a new value took its place: same option id, else same position), and grid whose cells moved,
 *   each with how many entries it touches and a sample of them (up to {@link SAMPLE_SIZE}).
 * - {@link migrateEntry}: one entry's answers rewritten for the latest version under a {@link Mapping} per change:
 *   `keep` (the old answer goes to the entry's `keptAnswers`, shown read-only "from version N"; what still fits
 *   stays an answer), `map` (an old option value becomes a new one), `convert` (text -> number when every value
 *   parses, number -> text; otherwise kept), `drop` (the values that no longer fit are removed).
 *
 * Changes are keyed (`removed:{questionId}`, `type:{questionId}`, `option:{questionId}:{value}`,
 * `grid:{questionId}`) so that entries of several earlier versions share one change, and a mapping chosen for it
 * applies to all of them. The plan is a function of two definitions and answers only, so "update in N forms" of a
 * linked library block (issue 22 §4) can reuse it.
 */
import type { Answer, FormDefinition, KeptAnswer, Question } from '../types/generated';
import { fieldTypeOf } from './field-types';
import type { AnyQuestion } from './field-types/types';
import { allQuestions, type QuestionProperties } from './questions';

/** How many entries a change names as its sample. */
export const SAMPLE_SIZE = 5;

/** What a mapping does with the answers a change touches (see the module's comment). */
export type MigrationAction = 'keep' | 'map' | 'convert' | 'drop';

/** The mapping chosen for one change; `to` (a new option value) for `map` only. */
export type Mapping = { action: 'keep' | 'convert' | 'drop' } | { action: 'map'; to: string };

/** The mappings of a migration, by change key. */
export type Mappings = Record<string, Mapping>;

/** An entry as the plan reads it: which entry, the version it was filled in and its answers. */
export interface MigratingEntry {
  projectId: number;
  entryNumber: number;
  formVersion: number;
  answers: readonly Answer[];
  keptAnswers?: readonly KeptAnswer[];
}

/** An entry a change touches, named as the register names it (entry numbers are per project). */
export interface EntryRef {
  projectId: number;
  entryNumber: number;
}

/** One change of the plan. */
export interface MigrationChange {
  key: string;
  kind: 'removedQuestion' | 'changedType' | 'option' | 'grid';
  questionId: number;
  /** The question's label in the latest version (in the earlier one when removed). */
  label: string;
  /** The earlier versions in which the change applies, ascending. */
  fromVersions: number[];
  /** changedType: the field type names before (of the newest earlier version) and after. */
  fromType?: string;
  toType?: string;
  /** option: the value gone. */
  value?: string;
  /** option: the value that took its place (a rename), offered as the default mapping. */
  renamedTo?: string;
  /** option: the latest version's option values, the targets of `map`. */
  choices?: string[];
  /** The actions offered for it. */
  actions: MigrationAction[];
  /** The mapping used when none is chosen: map a renamed option, keep the rest. */
  defaultMapping: Mapping;
  /** Entries of the earlier versions whose answers it touches. */
  entries: number;
  /** Up to SAMPLE_SIZE of them, in the order met. */
  sample: EntryRef[];
}

/** The plan: the changes, and how many entries are of earlier versions and how many a change touches. */
export interface MigrationPlan {
  toVersion: number;
  fromVersions: number[];
  /** Entries of earlier versions (an apply rewrites those a change touches to toVersion). */
  entries: number;
  /** Of those, entries at least one change touches. */
  affected: number;
  changes: MigrationChange[];
}

interface Placed {
  question: Question;
  index: number;
}

/** How one earlier version's questions differ from the latest: what the entries' answers are checked against. */
interface VersionChanges {
  from: number;
  old: Map<number, Question>;
  now: Map<number, Placed>;
  changes: Map<string, Omit<MigrationChange, 'entries' | 'sample' | 'fromVersions'>>;
}

const optionsOf = (question: Question): { id?: number; value: string }[] =>
  ((question as QuestionProperties).options as { id?: number; value: string }[] | undefined) ?? [];

function hasOptions(question: Question): boolean {
  return Array.isArray((question as QuestionProperties).options);
}

/** The (cellId, row, column) places of a grid question, as `id@row,column` strings. */
function gridPlaces(question: Question): Set<string> | null {
  const grid = (question as QuestionProperties).grid as
    | { cells: { id: number; rowIndex: number; columnIndex: number }[] }
    | undefined;
  if (!grid) return null;
  return new Set(grid.cells.map((c) => `${c.id}@${c.rowIndex},${c.columnIndex}`));
}

/** An answer holding something: a value other than an empty text, or a grid cell. */
const answered = (answer: Answer) =>
  answer.answers.some((value) => value !== '') || (answer.grid?.cells.length ?? 0) > 0;

function convertible(fromType: string, toType: string): boolean {
  return toType === 'number' || (fromType === 'number' && ['text', 'long'].includes(toType));
}

/** The changes from version `fromDef` to `to`, before any entry is read. */
function versionChanges(fromDef: FormDefinition, to: FormDefinition): VersionChanges {
  const old = new Map(allQuestions(fromDef).map((q) => [q.id, q]));
  const now = new Map<number, Placed>();
  for (const page of to.pages)
    for (const [index, question] of page.questions.entries()) now.set(question.id, { question, index });
  const changes: VersionChanges['changes'] = new Map();
  for (const before of old.values()) {
    const type = fieldTypeOf(before);
    if (type.answerless) continue;
    const after = now.get(before.id)?.question;
    if (!after) {
      changes.set(`removed:${before.id}`, {
        key: `removed:${before.id}`,
        kind: 'removedQuestion',
        questionId: before.id,
        label: before.label,
        actions: ['keep', 'drop'],
        defaultMapping: { action: 'keep' },
      });
      continue;
    }
    const toType = fieldTypeOf(after);
    if (toType.name !== type.name) {
      changes.set(`type:${before.id}`, {
        key: `type:${before.id}`,
        kind: 'changedType',
        questionId: before.id,
        label: after.label,
        fromType: type.name,
        toType: toType.name,
        actions: convertible(type.name, toType.name) ? ['keep', 'convert', 'drop'] : ['keep', 'drop'],
        defaultMapping: { action: 'keep' },
      });
      continue;
    }
    if (hasOptions(before) && hasOptions(after)) {
      const oldOptions = optionsOf(before);
      const newOptions = optionsOf(after);
      const offered = new Set(newOptions.map((o) => o.value));
      const oldValues = new Set(oldOptions.map((o) => o.value));
      const choices = [...offered];
      oldOptions.forEach((option, position) => {
        if (offered.has(option.value)) return;
        // A rename: the option with the same id now has another value, or else the option at the same position
        // holds a value the old version did not have.
        const sameId = option.id === undefined ? undefined : newOptions.find((o) => o.id === option.id);
        const atPosition = newOptions[position];
        const renamed =
          sameId && !oldValues.has(sameId.value)
            ? sameId.value
            : atPosition && !oldValues.has(atPosition.value)
              ? atPosition.value
              : undefined;
        const key = `option:${before.id}:${option.value}`;
        changes.set(key, {
          key,
          kind: 'option',
          questionId: before.id,
          label: after.label,
          value: option.value,
          ...(renamed !== undefined ? { renamedTo: renamed } : {}),
          choices,
          actions: ['map', 'keep', 'drop'],
          defaultMapping: renamed !== undefined ? { action: 'map', to: renamed } : { action: 'keep' },
        });
      });
      continue;
    }
    const oldCells = gridPlaces(before);
    const newCells = gridPlaces(after);
    if (oldCells && newCells && [...oldCells].some((place) => !newCells.has(place)))
      changes.set(`grid:${before.id}`, {
        key: `grid:${before.id}`,
        kind: 'grid',
        questionId: before.id,
        label: after.label,
        actions: ['keep', 'drop'],
        defaultMapping: { action: 'keep' },
      });
  }
  return { from: fromDef.version, old, now, changes };
}

/** The keys of the changes an answer is touched by (none when it still fits the latest version). */
function touchedBy(changes: VersionChanges, answer: Answer): string[] {
  if (!answered(answer)) return [];
  const id = answer.questionId;
  for (const key of [`removed:${id}`, `type:${id}`, `grid:${id}`]) if (changes.changes.has(key)) return [key];
  const keys: string[] = [];
  for (const value of answer.answers) {
    const key = `option:${id}:${String(value)}`;
    if (typeof value === 'string' && changes.changes.has(key)) keys.push(key);
  }
  return keys;
}

/**
 * Builds a plan from the entries of earlier versions, one at a time (the API streams them from the store):
 * `new MigrationPlanner(versions, latest)`, `add(entry)` for each, then `plan()`. `versions` are the published
 * definitions by version; an entry of a version not given, or of the latest, is not counted.
 */
export class MigrationPlanner {
  private readonly byVersion = new Map<number, VersionChanges>();
  private readonly counts = new Map<string, { entries: number; sample: EntryRef[]; fromVersions: Set<number> }>();
  private entryCount = 0;
  private affectedCount = 0;
  private readonly versionsSeen = new Set<number>();

  constructor(
    private readonly versions: ReadonlyMap<number, FormDefinition>,
    private readonly latest: FormDefinition,
  ) {}

  /** The changes from version `from` to the latest (computed once per version). */
  changesFrom(from: number): VersionChanges | undefined {
    let changes = this.byVersion.get(from);
    if (!changes) {
      const def = this.versions.get(from);
      if (!def || from >= this.latest.version) return undefined;
      changes = versionChanges(def, this.latest);
      this.byVersion.set(from, changes);
    }
    return changes;
  }

  /**
   * Counts `count` entries of version `from` without reading them (apply checks its mappings against the changes
   * of the versions that have entries; the counts per change stay 0).
   */
  addVersion(from: number, count: number): void {
    if (count <= 0 || !this.changesFrom(from)) return;
    this.entryCount += count;
    this.versionsSeen.add(from);
  }

  /** Counts one entry (ignored unless of an earlier known version). */
  add(entry: MigratingEntry): void {
    const changes = this.changesFrom(entry.formVersion);
    if (!changes) return;
    this.entryCount += 1;
    this.versionsSeen.add(entry.formVersion);
    const keys = new Set(entry.answers.flatMap((answer) => touchedBy(changes, answer)));
    if (keys.size > 0) this.affectedCount += 1;
    for (const key of keys) {
      let count = this.counts.get(key);
      if (!count) {
        count = { entries: 0, sample: [], fromVersions: new Set() };
        this.counts.set(key, count);
      }
      count.entries += 1;
      count.fromVersions.add(entry.formVersion);
      if (count.sample.length < SAMPLE_SIZE)
        count.sample.push({ projectId: entry.projectId, entryNumber: entry.entryNumber });
    }
  }

  /**
   * The plan so far: every change of an earlier version that has entries, touched or not (an administrator
   * sees a removed question even when no entry answered it), ordered by the latest version's question order
   * (removed questions last), then key.
   */
  plan(): MigrationPlan {
    const merged = new Map<string, MigrationChange>();
    for (const version of [...this.versionsSeen].sort((a, b) => b - a)) {
      const changes = this.changesFrom(version) as VersionChanges;
      for (const change of changes.changes.values()) {
        const existing = merged.get(change.key);
        const count = this.counts.get(change.key);
        if (existing) {
          if (!existing.fromVersions.includes(version)) existing.fromVersions.push(version);
          continue;
        }
        merged.set(change.key, {
          ...change,
          fromVersions: [version],
          entries: count?.entries ?? 0,
          sample: count?.sample ?? [],
        });
      }
    }
    const order = new Map(allQuestions(this.latest).map((q, i) => [q.id, i]));
    const changes = [...merged.values()]
      .map((c) => ({ ...c, fromVersions: c.fromVersions.sort((a, b) => a - b) }))
      .sort(
        (a, b) =>
          (order.get(a.questionId) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.questionId) ?? Number.MAX_SAFE_INTEGER) ||
          a.questionId - b.questionId ||
          a.key.localeCompare(b.key),
      );
    return {
      toVersion: this.latest.version,
      fromVersions: [...this.versionsSeen].sort((a, b) => a - b),
      entries: this.entryCount,
      affected: this.affectedCount,
      changes,
    };
  }
}

/** A problem with a chosen mapping: the change's key and the catalogue message id. */
export interface MappingProblem {
  key: string;
  messageId: 'migration.unknownChange' | 'migration.actionNotOffered' | 'migration.unknownChoice';
}

/**
 * The mappings to apply: the chosen ones checked against the plan's changes, the defaults for the others.
 * A key that names no change, an action the change does not offer, or a `map` target that is not an option
 * of the latest version is a problem (the API answers 400 with them).
 */
export function resolveMappings(
  changes: readonly MigrationChange[],
  chosen: Mappings = {},
): { mappings: Mappings; problems: MappingProblem[] } {
  const byKey = new Map(changes.map((c) => [c.key, c]));
  const problems: MappingProblem[] = [];
  for (const [key, mapping] of Object.entries(chosen)) {
    const change = byKey.get(key);
    if (!change) problems.push({ key, messageId: 'migration.unknownChange' });
    else if (!change.actions.includes(mapping.action)) problems.push({ key, messageId: 'migration.actionNotOffered' });
    else if (mapping.action === 'map' && !(change.choices ?? []).includes(mapping.to))
      problems.push({ key, messageId: 'migration.unknownChoice' });
  }
  const mappings: Mappings = {};
  for (const change of changes) mappings[change.key] = chosen[change.key] ?? change.defaultMapping;
  return { mappings, problems };
}

/** The number a text answer reads as, or undefined (an empty or non-numeric text). */
function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

/** A grid answer's cells that lie where the latest version has a cell, with its scores computed again. */
function fittingGrid(answer: Answer, question: Question): Answer | null {
  const places = gridPlaces(question) as Set<string>;
  const cells = (answer.grid?.cells ?? []).filter((c) => places.has(`${c.cellId}@${c.rowIndex},${c.columnIndex}`));
  if (cells.length === 0) return null;
  const { totalScore: _t, maxScore: _m, ...rest } = answer;
  const next: Answer = { ...rest, grid: { ...(answer.grid as NonNullable<Answer['grid']>), cells } };
  const type = fieldTypeOf(question);
  const computed = type.answerOf?.(question as AnyQuestion, type.formValueOf?.(question as AnyQuestion, next));
  return computed ? { ...next, ...computed } : next;
}

/** What {@link migrateEntry} makes of an entry. */
export interface MigratedEntry {
  answers: Answer[];
  keptAnswers: KeptAnswer[];
  /** Whether any answer changed or was kept aside (false: only the version moves). */
  changed: boolean;
  /** The keys of the changes that touched it. */
  touched: string[];
}

/**
 * One entry's answers for the latest version under `mappings` (resolved: every change key has one; a key
 * missing reads as its default). `migrationId` marks the answers kept aside. Answers of questions with no
 * change are left exactly as they were (same objects).
 */
export function migrateEntry(
  planner: MigrationPlanner,
  entry: MigratingEntry,
  mappings: Mappings,
  migrationId: number,
): MigratedEntry {
  const changes = planner.changesFrom(entry.formVersion);
  const keptAnswers = [...(entry.keptAnswers ?? [])];
  if (!changes) return { answers: [...entry.answers], keptAnswers, changed: false, touched: [] };
  const answers: Answer[] = [];
  const touched = new Set<string>();
  const mappingOf = (key: string): Mapping =>
    mappings[key] ?? changes.changes.get(key)?.defaultMapping ?? { action: 'keep' };
  for (const answer of entry.answers) {
    const keys = touchedBy(changes, answer);
    if (keys.length === 0) {
      answers.push(answer);
      continue;
    }
    for (const key of keys) touched.add(key);
    const old = changes.old.get(answer.questionId);
    const keep = () =>
      keptAnswers.push({ fromVersion: entry.formVersion, migrationId, label: old?.label ?? '', answer });
    const [first] = keys;
    const change = changes.changes.get(first);
    if (change?.kind === 'removedQuestion') {
      if (mappingOf(first).action !== 'drop') keep();
      continue;
    }
    if (change?.kind === 'changedType') {
      const action = mappingOf(first).action;
      if (action === 'drop') continue;
      if (action === 'convert') {
        const converted =
          change.toType === 'number' ? answer.answers.map(parseNumber) : answer.answers.map((v) => String(v));
        if (converted.every((v) => v !== undefined)) {
          answers.push({
            questionId: answer.questionId,
            ...(answer.formId ? { formId: answer.formId } : {}),
            answers: converted as Answer['answers'],
          });
          continue;
        }
      }
      keep();
      continue;
    }
    if (change?.kind === 'grid') {
      const now = changes.now.get(answer.questionId)?.question as Question;
      if (mappingOf(first).action === 'keep') keep();
      const fitting = fittingGrid(answer, now);
      if (fitting) answers.push(fitting);
      continue;
    }
    // Options: each value gone is mapped, dropped or makes the old answer kept aside.
    let keptAside = false;
    const values: Answer['answers'] = [];
    for (const value of answer.answers) {
      const key = `option:${answer.questionId}:${String(value)}`;
      if (typeof value !== 'string' || !changes.changes.has(key)) {
        if (!values.includes(value)) values.push(value);
        continue;
      }
      const mapping = mappingOf(key);
      if (mapping.action === 'map') {
        if (!values.includes(mapping.to)) values.push(mapping.to);
      } else if (mapping.action === 'keep') keptAside = true;
    }
    if (keptAside) keep();
    if (values.length > 0) answers.push({ ...answer, answers: values });
  }
  return { answers, keptAnswers, changed: touched.size > 0, touched: [...touched] };
}
