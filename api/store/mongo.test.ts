import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { runStoreContract } from './contract';
import { indexes } from './indexes';
import { dbNameFromUri, openMongoStore } from './mongo';

const uri = process.env.MONGODB_URI;

describe('dbNameFromUri', () => {
  it('reads the database from the path of any connection string form', () => {
    expect(dbNameFromUri('mongodb://localhost:27017/siteforms')).toBe('siteforms');
    expect(dbNameFromUri('mongodb://u:p%2F@h1:27017,h2:27017/prod?replicaSet=rs0&w=majority')).toBe('prod');
    expect(dbNameFromUri('mongodb+srv://user:pw@cluster0.example.net/forms_db?retryWrites=true')).toBe('forms_db');
    expect(dbNameFromUri('mongodb://localhost:27017')).toBeUndefined();
    expect(dbNameFromUri('mongodb://localhost:27017/')).toBeUndefined();
    expect(dbNameFromUri('mongodb://localhost:27017/?replicaSet=rs0')).toBeUndefined();
  });
});

/** Runs only with MONGODB_URI set, on a database of its own that is dropped afterwards (docs/store.md). */
describe.skipIf(!uri)('mongodb store', () => {
  const dbName = `siteforms_test_${Date.now()}_${randomUUID().slice(0, 8)}`;

  afterAll(async () => {
    const client = new MongoClient(uri!);
    try {
      await client.connect();
      await client.db(dbName).dropDatabase();
    } finally {
      await client.close();
    }
  });

  runStoreContract('mongodb', async () => {
    const store = await openMongoStore(uri!, dbName);
    await store.ensureIndexes();
    return store;
  });

  it('creates every index of indexes.ts, with the sessions TTL', async () => {
    const store = await openMongoStore(uri!, dbName);
    await store.ensureIndexes();
    await store.close();
    const client = new MongoClient(uri!);
    try {
      await client.connect();
      for (const spec of indexes) {
        const existing = await client.db(dbName).collection(spec.collection).indexes();
        const found = existing.find((index) => index.name === spec.options.name);
        expect(found?.key, spec.options.name).toEqual(spec.keys);
        expect(Boolean(found?.unique)).toBe(Boolean(spec.options.unique));
        expect(found?.expireAfterSeconds).toBe(spec.options.expireAfterSeconds);
      }
    } finally {
      await client.close();
    }
  });

  it('stores string _ids, never ObjectIds, also for upserts', async () => {
    const store = await openMongoStore(uri!, dbName);
    const counters = store.collection('counters');
    await counters.updateOne({ name: 'objectid-check' }, { $inc: { value: 1 } }, { upsert: true });
    await store.close();
    const client = new MongoClient(uri!);
    try {
      await client.connect();
      const raw = await client.db(dbName).collection('counters').findOne({ name: 'objectid-check' });
      expect(typeof raw?._id).toBe('string');
    } finally {
      await client.close();
    }
  });
});
