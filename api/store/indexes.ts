import { resources, uniqueIndexOf } from '../resources/declarations';
import type { CollectionName, IndexOptions } from './port';

/** One index: the collection, its keys (in order) and options, exactly as passed to `createIndex`. */
export interface IndexSpec {
  collection: CollectionName;
  keys: Record<string, 1 | -1>;
  options: IndexOptions & { name: string };
}

const unique = (collection: CollectionName, keys: Record<string, 1 | -1>, name: string): IndexSpec => ({
  collection,
  keys,
  options: { unique: true, name },
});

const plain = (collection: CollectionName, keys: Record<string, 1 | -1>, name: string): IndexSpec => ({
  collection,
  keys,
  options: { name },
});

/**
 * The one list of indexes, applied by `Store.ensureIndexes()` in both implementations (DESIGN.md "api/").
 * Unique indexes are the integrity rules (one user per email, one entry per `entryNumber` of a project and
 * form, one counter per name); the others serve the tenant-scoped lookups of the API. `sessions.expiresAt`
 * is a TTL index: MongoDB deletes a session once `expiresAt` (a Date) has passed, the embedded store purges
 * expired sessions on `ensureIndexes()` and every minute after (api/store/embedded.ts).
 */
export const indexes: readonly IndexSpec[] = [
  unique('users', { email: 1 }, 'users_email'),
  unique('users', { id: 1 }, 'users_id'),
  unique('sessions', { sid: 1 }, 'sessions_sid'),
  {
    collection: 'sessions',
    keys: { expiresAt: 1 },
    options: { name: 'sessions_expiresAt_ttl', expireAfterSeconds: 0 },
  },
  unique('loginAttempts', { key: 1 }, 'loginAttempts_key'),
  {
    collection: 'loginAttempts',
    keys: { expiresAt: 1 },
    options: { name: 'loginAttempts_expiresAt_ttl', expireAfterSeconds: 0 },
  },
  unique('formVersions', { formId: 1, version: 1 }, 'formVersions_formId_version'),
  unique('formEntries', { id: 1 }, 'formEntries_id'),
  unique(
    'formEntries',
    { clientId: 1, projectId: 1, formId: 1, entryNumber: 1 },
    'formEntries_clientId_projectId_formId_entryNumber',
  ),
  plain('formEntries', { clientId: 1, formId: 1, registerVersion: 1 }, 'formEntries_clientId_formId_registerVersion'),
  // The register read model (docs/store.md "Registers"): every column's sort key and filter text of an entry,
  // under `registerRow`, for index-backed sorting and filtering by any column (MongoDB 7.0+ compound wildcard).
  // The filter texts are matched ("contains"), never sorted on: the embedded store appends their rows.
  {
    collection: 'formEntries',
    keys: { clientId: 1, projectId: 1, formId: 1, 'registerRow.$**': 1 },
    options: { name: 'formEntries_registerRow', matchOnlyPaths: ['registerRow.text', 'registerRow.any'] },
  },
  // The category registers and their charts (issue 24 §5, §6; api/operations/category-registers.ts): a project's
  // entries of some forms, filtered by status and date. Each chart's groups follow the equality fields in its
  // index's order, so the embedded store counts them walking one index with no sort and no document read (SQLite
  // streams a GROUP BY in index order; a temporary B-tree for it cost ten times as much at 100,000 entries). The
  // fields the register's filters read follow, so that a filter is matched in the index, not in the documents.
  plain(
    'formEntries',
    { clientId: 1, projectId: 1, formId: 1, entryWeek: 1, isDraft: 1, date: 1, enteredBy: 1, ratingBand: 1 },
    'formEntries_charts_week',
  ),
  plain(
    'formEntries',
    { clientId: 1, projectId: 1, formId: 1, scoreBucket: 1, ratingBand: 1, isDraft: 1, date: 1, enteredBy: 1 },
    'formEntries_charts_score',
  ),
  // A category register's page, newest first: read in this index's order, stopping at the page's end.
  plain('formEntries', { clientId: 1, projectId: 1, date: 1, formId: 1, entryNumber: 1 }, 'formEntries_category_date'),
  // An entry made offline is found by the device's id (issue 26 §3), and is one entry per client however often
  // its createEntry is sent: a unique derived key of offlineId (an entry without one gets a key of its own, so
  // the online entries never clash), and a plain index for the look-up.
  {
    collection: 'formEntries',
    keys: { clientId: 1, 'uniqueKeys.offlineId': 1 },
    options: {
      unique: true,
      name: 'formEntries_clientId_offlineId',
      derived: { 'uniqueKeys.offlineId': { fields: ['offlineId'] } },
    },
  },
  plain('formEntries', { clientId: 1, offlineId: 1 }, 'formEntries_clientId_offlineId_lookup'),
  // A command of a device's outbox is applied once per client (api/offline/commands.ts): its record.
  unique('offlineCommands', { clientId: 1, commandId: 1 }, 'offlineCommands_clientId_commandId'),
  // An entry's audit trail, newest first (entries.audit).
  plain('formEntryAudit', { clientId: 1, projectId: 1, formId: 1, entryNumber: 1, at: -1 }, 'formEntryAudit_entry'),
  unique('counters', { name: 1 }, 'counters_name'),
  unique('secrets', { name: 1 }, 'secrets_name'),
  // A DMS file's history (issue 23 item 6; api/dms/history.ts): its events by its stable file id, newest first.
  plain('dmsHistory', { clientId: 1, fileId: 1, at: -1 }, 'dmsHistory_clientId_fileId_at'),
  // Each resource of schemas/resources: a unique id, the indexes it declares, and a unique index per `unique`
  // rule on the key the store derives from its fields (normalised when the rule ignores spaces and case), with
  // clientId first for a tenant's resource: concurrent creates of one name cannot both pass.
  ...[...resources.values()].flatMap((resource) => {
    const collection = resource.collection;
    const declared = (resource.indexes ?? []).map((index) => {
      const name = `${collection}_${Object.keys(index.keys).join('_')}`;
      return index.unique ? unique(collection, index.keys, name) : plain(collection, index.keys, name);
    });
    const rules = (resource.unique ?? []).map((rule): IndexSpec => {
      const { path, name } = uniqueIndexOf(resource, rule);
      return {
        collection,
        keys: resource.tenant ? { clientId: 1, [path]: 1 } : { [path]: 1 },
        options: {
          unique: true,
          name,
          derived: {
            [path]: { fields: rule.fields, ...(rule.ignoreSpacesAndCase ? { ignoreSpacesAndCase: true } : {}) },
          },
        },
      };
    });
    return [unique(collection, { id: 1 }, `${collection}_id`), ...declared, ...rules];
  }),
];
