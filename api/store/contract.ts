import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Collection, collectionNames, type Doc, DuplicateKeyError, type Filter, type Store } from './port';

/**
 * The store contract (DESIGN.md "api/": one contract test suite runs against both implementations).
 * Registers a vitest `describe` block that opens a store with `open` (which must apply the indexes, as
 * openStore does), empties every collection before each test, and pins the behaviour of the port
 * (api/store/port.ts): filters, sort/skip/limit, projection, each update operator, upserts,
 * findOneAndUpdate, atomic counters, unique indexes, copies and string `_id`s. The store is closed after.
 */
export function runStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    let store: Store;
    let projects: Collection<Project>;
    let counters: Collection<Counter>;

    beforeAll(async () => {
      store = await open();
      projects = store.collection<Project>('projects');
      counters = store.collection<Counter>('counters');
    });

    afterAll(async () => {
      await store?.close();
    });

    beforeEach(async () => {
      for (const collection of collectionNames) await store.collection(collection).deleteMany({});
    });

    const ids = async (filter: Filter) => (await projects.find(filter)).map((p) => p.id).sort();
    const seed = async () => {
      expect(await projects.insertMany(fixtures())).toBe(fixtures().length);
    };

    describe('insert and _id', () => {
      it('generates a string _id (a UUID) and returns a copy of the stored document', async () => {
        const input: Project = { id: 'p1', clientId: 'c1', type: 'site', name: 'One' };
        const stored = await projects.insertOne(input);
        expect(typeof stored._id).toBe('string');
        expect(stored._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(stored).toEqual({ _id: stored._id, ...input });
        expect(input._id).toBeUndefined();
        const found = await projects.findOne({ _id: stored._id });
        expect(found).toEqual(stored);
      });

      it('keeps a given string _id and finds by it', async () => {
        await projects.insertOne({ _id: 'fixed-id', id: 'p1', clientId: 'c1', type: 'site' });
        expect((await projects.findOne({ _id: 'fixed-id' }))?.id).toBe('p1');
      });

      it('insertMany returns the count and gives every document a string _id', async () => {
        await seed();
        const all = await projects.find({});
        expect(all).toHaveLength(fixtures().length);
        for (const doc of all) expect(typeof doc._id).toBe('string');
        expect(new Set(all.map((d) => d._id)).size).toBe(all.length);
        expect(await projects.insertMany([])).toBe(0);
      });

      it('round-trips dates, nested objects, arrays and null; drops undefined members', async () => {
        const startDate = new Date('2024-02-03T04:05:06.789Z');
        await projects.insertOne({
          id: 'p1',
          clientId: 'c1',
          type: 'site',
          startDate,
          address: { city: 'Perth', lines: ['1 Main St', null] },
          closedAt: null,
          note: undefined,
        });
        const found = await projects.findOne({ id: 'p1' });
        expect(found?.startDate).toBeInstanceOf(Date);
        expect((found!.startDate as Date).toISOString()).toBe(startDate.toISOString());
        expect(found?.address).toEqual({ city: 'Perth', lines: ['1 Main St', null] });
        expect(found?.closedAt).toBeNull();
        expect(found && 'note' in found).toBe(false);
      });
    });

    describe('copies', () => {
      it('mutating a returned or inserted document never changes stored data', async () => {
        const input: Project = { id: 'p1', clientId: 'c1', type: 'site', tags: ['a'], address: { city: 'Perth' } };
        const inserted = await projects.insertOne(input);
        (input.tags as string[]).push('from-input');
        (inserted.tags as string[]).push('from-insert');
        const one = await projects.findOne({ id: 'p1' });
        (one!.address as { city: string }).city = 'changed';
        const many = await projects.find({ id: 'p1' });
        many[0].name = 'changed';
        const after = await projects.findOneAndUpdate(
          { id: 'p1' },
          { $set: { budget: 1 } },
          { returnDocument: 'after' },
        );
        (after!.tags as string[]).push('from-fou');
        expect(await projects.findOne({ id: 'p1' })).toEqual({
          _id: inserted._id,
          id: 'p1',
          clientId: 'c1',
          type: 'site',
          tags: ['a'],
          address: { city: 'Perth' },
          budget: 1,
        });
      });
    });

    describe('filters', () => {
      beforeEach(seed);

      it('equality, dotted paths and array elements', async () => {
        expect(await ids({ clientId: 'c1' })).toEqual(['p1', 'p2']);
        expect(await ids({ clientId: 'c1', type: 'site' })).toEqual(['p1', 'p2']);
        expect(await ids({ 'address.city': 'Sydney' })).toEqual(['p1', 'p2']);
        expect(await ids({ 'address.postcode': '3000', 'address.city': 'Melbourne' })).toEqual(['p3']);
        expect(await ids({ tags: 'civil' })).toEqual(['p1', 'p2']);
        expect(await ids({ tags: ['civil', 'steel'] })).toEqual(['p1']);
        expect(await ids({ archived: true })).toEqual(['p2']);
        expect(await ids({ startDate: new Date('2024-01-10T00:00:00Z') })).toEqual(['p1']);
        expect(await ids({ 'contacts.role': 'foreman' })).toEqual(['p1']);
        expect(await ids({ clientId: 'nobody' })).toEqual([]);
      });

      it('equality with null matches null and missing fields; $ne null the others', async () => {
        expect(await ids({ closedAt: null })).toEqual(['p1', 'p2', 'p3', 'p4']);
        expect(await ids({ closedAt: { $eq: null } })).toEqual(['p1', 'p2', 'p3', 'p4']);
        expect(await ids({ closedAt: { $ne: null } })).toEqual(['p5']);
        expect(await ids({ closedAt: { $in: [null] } })).toEqual(['p1', 'p2', 'p3', 'p4']);
        expect(await ids({ closedAt: { $nin: [null] } })).toEqual(['p5']);
      });

      it('$eq, $ne, $in, $nin (also against arrays: $ne/$nin mean no element matches)', async () => {
        expect(await ids({ type: { $eq: 'office' } })).toEqual(['p3']);
        expect(await ids({ type: { $ne: 'site' } })).toEqual(['p3']);
        expect(await ids({ budget: { $in: [75, 250] } })).toEqual(['p2', 'p3', 'p4']);
        expect(await ids({ budget: { $nin: [75, 250] } })).toEqual(['p1', 'p5']);
        expect(await ids({ tags: { $in: ['steel', 'glass'] } })).toEqual(['p1', 'p3']);
        expect(await ids({ tags: { $ne: 'civil' } })).toEqual(['p3', 'p4', 'p5']);
        expect(await ids({ tags: { $nin: ['civil', 'glass'] } })).toEqual(['p4', 'p5']);
        expect(await ids({ missingField: { $ne: 'x' } })).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
      });

      it('$gt, $gte, $lt, $lte on numbers, strings and dates', async () => {
        expect(await ids({ budget: { $gt: 100 } })).toEqual(['p2', 'p4']);
        expect(await ids({ budget: { $gte: 100 } })).toEqual(['p1', 'p2', 'p4']);
        expect(await ids({ budget: { $lt: 100 } })).toEqual(['p3', 'p5']);
        expect(await ids({ budget: { $lte: 75 } })).toEqual(['p3', 'p5']);
        expect(await ids({ budget: { $gt: 50, $lt: 250 } })).toEqual(['p1', 'p3']);
        expect(await ids({ name: { $gte: 'Rail', $lt: 'T' } })).toEqual(['p4']);
        expect(await ids({ startDate: { $lt: new Date('2024-01-01T00:00:00Z') } })).toEqual(['p4']);
        expect(await ids({ startDate: { $gte: new Date('2024-01-01T00:00:00Z') } })).toEqual(['p1']);
      });

      it('$exists', async () => {
        expect(await ids({ startDate: { $exists: true } })).toEqual(['p1', 'p4']);
        expect(await ids({ startDate: { $exists: false } })).toEqual(['p2', 'p3', 'p5']);
        expect(await ids({ closedAt: { $exists: true } })).toEqual(['p2', 'p5']);
        expect(await ids({ 'address.postcode': { $exists: false } })).toEqual(['p5']);
      });

      it('$regex with a string source and $options', async () => {
        expect(await ids({ name: { $regex: '^harbour' } })).toEqual(['p2']);
        expect(await ids({ name: { $regex: '^harbour', $options: 'i' } })).toEqual(['p1', 'p2']);
        expect(await ids({ name: { $regex: 'yard$', $options: 'i' } })).toEqual(['p4']);
        expect(await ids({ 'address.city': { $regex: 'ne', $options: 'i' } })).toEqual(['p1', 'p2', 'p3']);
        expect(await ids({ name: { $regex: '^Tow' } })).toEqual(['p3']);
        expect(await ids({ name: { $regex: 'nothing-like-this' } })).toEqual([]);
      });

      it('$and, $or, $nor, and nesting', async () => {
        expect(await ids({ $and: [{ clientId: 'c1' }, { archived: false }] })).toEqual(['p1']);
        expect(await ids({ $or: [{ type: 'office' }, { budget: { $gte: 250 } }] })).toEqual(['p2', 'p3', 'p4']);
        expect(
          await ids({ clientId: 'c2', $or: [{ type: 'office' }, { name: { $regex: 'rail', $options: 'i' } }] }),
        ).toEqual(['p3', 'p4']);
        expect(
          await ids({ $or: [{ $and: [{ clientId: 'c1' }, { archived: true }] }, { 'address.city': 'Perth' }] }),
        ).toEqual(['p2', 'p4']);
        expect(await ids({ $nor: [{ clientId: 'c1' }, { type: 'office' }] })).toEqual(['p4', 'p5']);
      });

      it('$elemMatch on arrays of sub-documents', async () => {
        expect(await ids({ contacts: { $elemMatch: { role: 'foreman', name: 'Ana' } } })).toEqual(['p1']);
        expect(await ids({ contacts: { $elemMatch: { role: 'foreman', name: 'Bo' } } })).toEqual([]);
      });

      it('rejects an undefined filter value instead of matching everything', async () => {
        await expect(projects.find({ id: undefined })).rejects.toThrow(TypeError);
        await expect(projects.deleteOne({ id: undefined })).rejects.toThrow(TypeError);
        expect(await projects.countDocuments({})).toBe(fixtures().length);
      });

      it('countDocuments', async () => {
        expect(await projects.countDocuments({})).toBe(5);
        expect(await projects.countDocuments({ clientId: 'c2' })).toBe(2);
        expect(await projects.countDocuments({ budget: { $gt: 1000 } })).toBe(0);
      });
    });

    describe('countBy (group counts, issue 24 §6)', () => {
      beforeEach(seed);
      const sorted = (groups: Array<{ values: unknown[]; count: number }>) =>
        groups.map((g) => `${JSON.stringify(g.values)}=${g.count}`).sort();

      it('counts per indexed field values (the embedded store in SQL), a filter applied', async () => {
        expect(sorted(await projects.countBy({}, [{ field: 'clientId' }, { field: 'type' }]))).toEqual([
          '["c1","site"]=2',
          '["c2","office"]=1',
          '["c2","site"]=1',
          '["c3","site"]=1',
        ]);
        expect(sorted(await projects.countBy({ type: 'site' }, [{ field: 'clientId' }]))).toEqual([
          '["c1"]=2',
          '["c2"]=1',
          '["c3"]=1',
        ]);
        expect(await projects.countBy({ clientId: 'nobody' }, [{ field: 'type' }])).toEqual([]);
      });

      it('groups a string by its prefix; numbers, booleans and missing fields (null) as they are', async () => {
        expect(sorted(await projects.countBy({}, [{ field: 'type', prefix: 1 }]))).toEqual(['["o"]=1', '["s"]=4']);
        expect(sorted(await projects.countBy({}, [{ field: 'budget' }]))).toEqual([
          '[100]=1',
          '[250]=2',
          '[50]=1',
          '[75]=1',
        ]);
        expect(
          sorted(await projects.countBy({ clientId: 'c1' }, [{ field: 'archived' }, { field: 'closedAt' }])),
        ).toEqual(['[false,null]=1', '[true,null]=1']);
        expect(sorted(await projects.countBy({}, [{ field: 'address.city', prefix: 3 }]))).toEqual([
          '["Dar"]=1',
          '["Mel"]=1',
          '["Per"]=1',
          '["Syd"]=2',
        ]);
      });

      it('reads the index its hint names, with the same counts; an index the collection has not is an error', async () => {
        const by = [{ field: 'clientId' }, { field: 'type' }];
        const hinted = await projects.countBy({ clientId: { $in: ['c1', 'c2'] } }, by, {
          hint: 'projects_clientId_type',
        });
        expect(sorted(hinted)).toEqual(['["c1","site"]=2', '["c2","office"]=1', '["c2","site"]=1']);
        await expect(projects.countBy({}, by, { hint: 'projects_no_such_index' })).rejects.toThrow();
      });

      it('applies every filter operator (a residual too) before counting', async () => {
        expect(
          sorted(await projects.countBy({ $or: [{ budget: { $gte: 200 } }, { tags: 'glass' }] }, [{ field: 'type' }])),
        ).toEqual(['["office"]=1', '["site"]=2']);
        expect(sorted(await projects.countBy({ clientId: { $in: ['c1', 'c3'] } }, [{ field: 'type' }]))).toEqual([
          '["site"]=3',
        ]);
      });
    });

    describe('sort, skip, limit, projection', () => {
      beforeEach(seed);

      it('sorts by one key ascending and descending', async () => {
        expect((await projects.find({}, { sort: { id: 1 } })).map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
        expect((await projects.find({}, { sort: { id: -1 } })).map((p) => p.id)).toEqual([
          'p5',
          'p4',
          'p3',
          'p2',
          'p1',
        ]);
        expect(
          (await projects.find({ clientId: 'c1' }, { sort: { 'address.postcode': -1 } })).map((p) => p.id),
        ).toEqual(['p2', 'p1']);
      });

      it('sorts by several keys in order', async () => {
        const sorted = await projects.find({}, { sort: { budget: -1, id: 1 } });
        expect(sorted.map((p) => p.id)).toEqual(['p2', 'p4', 'p1', 'p3', 'p5']);
        const byClient = await projects.find(
          { clientId: { $in: ['c1', 'c2'] } },
          { sort: { clientId: 1, budget: -1 } },
        );
        expect(byClient.map((p) => p.id)).toEqual(['p2', 'p1', 'p4', 'p3']);
      });

      it('skips and limits after sorting', async () => {
        const page = await projects.find({}, { sort: { budget: -1, id: 1 }, skip: 1, limit: 2 });
        expect(page.map((p) => p.id)).toEqual(['p4', 'p1']);
        expect((await projects.find({}, { sort: { id: 1 }, skip: 4 })).map((p) => p.id)).toEqual(['p5']);
        expect(await projects.find({}, { sort: { id: 1 }, skip: 10 })).toEqual([]);
        expect(await projects.find({}, { limit: 3 })).toHaveLength(3);
        expect(await projects.find({}, { limit: 0 })).toHaveLength(5);
      });

      it('findEach yields what find returns, in order, across batches', async () => {
        const each = async (filter: Filter, options: Parameters<typeof projects.findEach>[1]) => {
          const out: string[] = [];
          for await (const p of projects.findEach(filter, options)) out.push(p.id);
          return out;
        };
        expect(await each({}, { sort: { budget: -1, id: 1 }, batchSize: 2 })).toEqual(['p2', 'p4', 'p1', 'p3', 'p5']);
        expect(await each({ type: 'site' }, { sort: { id: -1 }, skip: 1, limit: 2, batchSize: 1 })).toEqual([
          'p4',
          'p2',
        ]);
        expect(await each({ clientId: 'none' }, {})).toEqual([]);
      });

      it('findEach projects as find does (the CSV download reads only the fields it prints)', async () => {
        const all = async (options: Parameters<typeof projects.findEach>[1]) => {
          const out: unknown[] = [];
          for await (const p of projects.findEach({ type: 'site' }, options)) out.push(p);
          return out;
        };
        const projections: Array<Record<string, 0 | 1>> = [
          { _id: 0, id: 1, budget: 1, 'address.city': 1 },
          { name: 1 },
          { tags: 0, address: 0, contacts: 0 },
        ];
        for (const projection of projections) {
          const found = await projects.find({ type: 'site' }, { sort: { id: 1 }, projection });
          expect(await all({ sort: { id: 1 }, projection, batchSize: 1 })).toEqual(found);
        }
        const [first] = await all({ sort: { id: 1 }, projection: { _id: 0, id: 1, budget: 1, 'address.city': 1 } });
        expect(Object.keys(first as object).sort()).toEqual(['address', 'budget', 'id']);
      });

      it('projects by inclusion, with and without _id, and with dotted paths', async () => {
        const [withId] = await projects.find({ id: 'p1' }, { projection: { name: 1, budget: 1 } });
        expect(Object.keys(withId).sort()).toEqual(['_id', 'budget', 'name']);
        expect(withId).toMatchObject({ name: 'Harbour Bridge', budget: 100 });
        const noId = await projects.findOne({ id: 'p1' }, { projection: { name: 1, _id: 0 } });
        expect(noId).toEqual({ name: 'Harbour Bridge' });
        const dotted = await projects.findOne({ id: 'p1' }, { projection: { 'address.city': 1, _id: 0 } });
        expect(dotted).toEqual({ address: { city: 'Sydney' } });
      });

      it('projects by exclusion', async () => {
        const doc = await projects.findOne({ id: 'p1' }, { projection: { tags: 0, address: 0, contacts: 0 } });
        expect(doc).not.toHaveProperty('tags');
        expect(doc).not.toHaveProperty('address');
        expect(doc).toMatchObject({ id: 'p1', name: 'Harbour Bridge' });
        expect(typeof doc?._id).toBe('string');
        const onlyNoId = await projects.findOne({ id: 'p3' }, { projection: { _id: 0 } });
        expect(onlyNoId).not.toHaveProperty('_id');
        expect(onlyNoId).toMatchObject({ id: 'p3', name: 'Tower Fitout' });
      });

      it('returns full documents without a projection', async () => {
        const doc = await projects.findOne({ id: 'p1' });
        expect(doc).toMatchObject(fixtures()[0]);
      });
    });

    describe('updateOne', () => {
      beforeEach(seed);
      const get = async (id: string) => projects.findOne({ id });

      it('$set, including dotted paths that create nested objects', async () => {
        const result = await projects.updateOne(
          { id: 'p1' },
          { $set: { name: 'Renamed', 'address.city': 'Newcastle', 'meta.a.b': 1 } },
        );
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upserted: false });
        const doc = await get('p1');
        expect(doc).toMatchObject({
          name: 'Renamed',
          address: { city: 'Newcastle', postcode: '2000' },
          meta: { a: { b: 1 } },
        });
      });

      it('counts a $set to the stored value as matched but not modified', async () => {
        expect(await projects.updateOne({ id: 'p1' }, { $set: { name: 'Harbour Bridge' } })).toEqual({
          matchedCount: 1,
          modifiedCount: 0,
          upserted: false,
        });
        expect(await projects.updateOne({ id: 'nope' }, { $set: { name: 'x' } })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upserted: false,
        });
      });

      it('updates only the first match', async () => {
        await projects.updateOne({ clientId: 'c1' }, { $set: { flagged: true } });
        expect(await projects.countDocuments({ flagged: true })).toBe(1);
      });

      it('$unset', async () => {
        await projects.updateOne({ id: 'p1' }, { $unset: { tags: '', 'address.postcode': 1, missing: true } });
        const doc = await get('p1');
        expect(doc).not.toHaveProperty('tags');
        expect(doc?.address).toEqual({ city: 'Sydney' });
      });

      it('$inc on existing and missing fields, by negative amounts and nested', async () => {
        await projects.updateOne({ id: 'p1' }, { $inc: { budget: 5, visits: 1, 'stats.count': 2 } });
        await projects.updateOne({ id: 'p1' }, { $inc: { budget: -10 } });
        expect(await get('p1')).toMatchObject({ budget: 95, visits: 1, stats: { count: 2 } });
      });

      it('rejects $inc on a non-number and leaves the document unchanged', async () => {
        await expect(projects.updateOne({ id: 'p1' }, { $inc: { name: 1 } })).rejects.toThrow();
        expect((await get('p1'))?.name).toBe('Harbour Bridge');
      });

      it('$push a value, $push $each, and $push to a missing array', async () => {
        await projects.updateOne({ id: 'p1' }, { $push: { tags: 'bridge' } });
        await projects.updateOne({ id: 'p1' }, { $push: { tags: { $each: ['x', 'y'] } } });
        await projects.updateOne({ id: 'p4' }, { $push: { tags: 'new' } });
        await projects.updateOne({ id: 'p1' }, { $push: { contacts: { name: 'Cy', role: 'engineer' } } });
        const p1 = await get('p1');
        expect(p1?.tags).toEqual(['civil', 'steel', 'bridge', 'x', 'y']);
        expect(p1?.contacts).toHaveLength(3);
        expect((await get('p4'))?.tags).toEqual(['new']);
      });

      it('$pull a value, a condition, sub-documents by filter, and from a missing array (no-op)', async () => {
        await projects.updateOne({ id: 'p1' }, { $pull: { tags: 'steel' } });
        expect((await get('p1'))?.tags).toEqual(['civil']);
        await projects.updateOne({ id: 'p3' }, { $pull: { tags: { $in: ['glass', 'fitout'] } } });
        expect((await get('p3'))?.tags).toEqual([]);
        await projects.updateOne({ id: 'p1' }, { $pull: { contacts: { role: 'foreman' } } });
        expect((await get('p1'))?.contacts).toEqual([{ name: 'Bo', role: 'safety' }]);
        expect(await projects.updateOne({ id: 'p4' }, { $pull: { tags: 'x' } })).toEqual({
          matchedCount: 1,
          modifiedCount: 0,
          upserted: false,
        });
        expect(await get('p4')).not.toHaveProperty('tags');
      });

      it('applies several operators at once', async () => {
        await projects.updateOne(
          { id: 'p2' },
          { $set: { archived: false }, $unset: { closedAt: '' }, $inc: { budget: 50 }, $push: { tags: 'reopened' } },
        );
        const doc = await get('p2');
        expect(doc).toMatchObject({ archived: false, budget: 300, tags: ['civil', 'reopened'] });
        expect(doc).not.toHaveProperty('closedAt');
      });

      it('upserts from the equality conditions of the filter with a string _id', async () => {
        const result = await projects.updateOne(
          { id: 'p9', clientId: 'c9', 'address.city': 'Hobart', budget: { $gt: 0 } },
          { $set: { name: 'Upserted' }, $inc: { visits: 1 } },
          { upsert: true },
        );
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upserted: true });
        const doc = await get('p9');
        expect(typeof doc?._id).toBe('string');
        const { _id, ...rest } = doc!;
        expect(rest).toEqual({ id: 'p9', clientId: 'c9', address: { city: 'Hobart' }, name: 'Upserted', visits: 1 });
      });

      it('upsert takes equalities from $and and $eq, and updates when a document matches', async () => {
        await projects.updateOne(
          { $and: [{ id: 'p8' }, { clientId: { $eq: 'c8' } }] },
          { $set: { type: 'site' } },
          { upsert: true },
        );
        expect(await get('p8')).toMatchObject({ id: 'p8', clientId: 'c8', type: 'site' });
        const again = await projects.updateOne({ id: 'p8' }, { $set: { type: 'office' } }, { upsert: true });
        expect(again).toEqual({ matchedCount: 1, modifiedCount: 1, upserted: false });
        expect(await projects.countDocuments({ id: 'p8' })).toBe(1);
      });
    });

    describe('updateMany, deleteOne, deleteMany', () => {
      beforeEach(seed);

      it('updateMany reports matched and modified counts', async () => {
        expect(await projects.updateMany({ clientId: 'c1' }, { $set: { archived: true } })).toEqual({
          matchedCount: 2,
          modifiedCount: 1,
        });
        expect(await ids({ archived: true })).toEqual(['p1', 'p2']);
        expect(await projects.updateMany({ type: 'site' }, { $inc: { budget: 1 } })).toEqual({
          matchedCount: 4,
          modifiedCount: 4,
        });
        expect((await projects.findOne({ id: 'p5' }))?.budget).toBe(51);
        expect(await projects.updateMany({ clientId: 'none' }, { $set: { x: 1 } })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
        });
      });

      it('deleteOne deletes one match, deleteMany all matches', async () => {
        expect(await projects.deleteOne({ clientId: 'c1' })).toEqual({ deletedCount: 1 });
        expect(await projects.countDocuments({ clientId: 'c1' })).toBe(1);
        expect(await projects.deleteOne({ clientId: 'none' })).toEqual({ deletedCount: 0 });
        expect(await projects.deleteMany({ type: 'site' })).toEqual({ deletedCount: 3 });
        expect(await ids({})).toEqual(['p3']);
        expect(await projects.deleteMany({})).toEqual({ deletedCount: 1 });
        expect(await projects.countDocuments({})).toBe(0);
      });
    });

    describe('findOneAndUpdate', () => {
      it('returns the document before (the default) or after the update', async () => {
        await counters.insertOne({ name: 'c', value: 5 });
        const before = await counters.findOneAndUpdate({ name: 'c' }, { $inc: { value: 1 } });
        expect(before?.value).toBe(5);
        const explicitBefore = await counters.findOneAndUpdate(
          { name: 'c' },
          { $inc: { value: 1 } },
          { returnDocument: 'before' },
        );
        expect(explicitBefore?.value).toBe(6);
        const after = await counters.findOneAndUpdate(
          { name: 'c' },
          { $inc: { value: 1 } },
          { returnDocument: 'after' },
        );
        expect(after?.value).toBe(8);
        expect(typeof after?._id).toBe('string');
        expect((await counters.findOne({ name: 'c' }))?.value).toBe(8);
      });

      it('returns null when nothing matches and does not insert without upsert', async () => {
        expect(
          await counters.findOneAndUpdate({ name: 'none' }, { $inc: { value: 1 } }, { returnDocument: 'after' }),
        ).toBeNull();
        expect(await counters.countDocuments({})).toBe(0);
      });

      it('upserts: after returns the new document, before returns null', async () => {
        const created = await counters.findOneAndUpdate(
          { name: 'entries:c1' },
          { $inc: { value: 1 } },
          { upsert: true, returnDocument: 'after' },
        );
        expect(created).toMatchObject({ name: 'entries:c1', value: 1 });
        expect(typeof created?._id).toBe('string');
        const none = await counters.findOneAndUpdate({ name: 'other' }, { $inc: { value: 1 } }, { upsert: true });
        expect(none).toBeNull();
        expect((await counters.findOne({ name: 'other' }))?.value).toBe(1);
        const next = await counters.findOneAndUpdate(
          { name: 'entries:c1' },
          { $inc: { value: 1 } },
          { upsert: true, returnDocument: 'after' },
        );
        expect(next?.value).toBe(2);
        expect(next?._id).toBe(created?._id);
      });

      it('50 concurrent $inc on a counter give exactly 50, each value handed out once', async () => {
        await counters.insertOne({ name: 'seq', value: 0 });
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            counters.findOneAndUpdate({ name: 'seq' }, { $inc: { value: 1 } }, { returnDocument: 'after' }),
          ),
        );
        expect((await counters.findOne({ name: 'seq' }))?.value).toBe(50);
        expect(results.map((r) => r?.value).sort((a, b) => Number(a) - Number(b))).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
      });

      it('50 concurrent upserting $inc on a new counter create one document with value 50', async () => {
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            counters.findOneAndUpdate(
              { name: 'fresh' },
              { $inc: { value: 1 } },
              { upsert: true, returnDocument: 'after' },
            ),
          ),
        );
        expect(await counters.countDocuments({ name: 'fresh' })).toBe(1);
        expect((await counters.findOne({ name: 'fresh' }))?.value).toBe(50);
        expect(new Set(results.map((r) => r?.value)).size).toBe(50);
      });

      it('50 concurrent updateOne $inc lose no update', async () => {
        await counters.insertOne({ name: 'hits', value: 0 });
        await Promise.all(
          Array.from({ length: 50 }, () => counters.updateOne({ name: 'hits' }, { $inc: { value: 1 } })),
        );
        expect((await counters.findOne({ name: 'hits' }))?.value).toBe(50);
      });
    });

    describe('insertAfterUpdates', () => {
      const next = (name: string) => ({
        collection: 'counters' as const,
        filter: { name },
        update: { $inc: { value: 1 } },
        options: { upsert: true, returnDocument: 'after' as const },
      });

      it('inserts the document built from the updated documents, in order, and returns it as stored', async () => {
        await counters.insertOne({ name: 'b', value: 41 });
        const stored = await store.insertAfterUpdates<Project>('projects', [next('a'), next('b')], ([a, b]) => ({
          id: `p${a?.value}-${b?.value}`,
          clientId: 'c1',
          type: 'site',
        }));
        expect(stored).toEqual({ _id: stored._id, id: 'p1-42', clientId: 'c1', type: 'site' });
        expect(typeof stored._id).toBe('string');
        expect(await projects.findOne({ id: 'p1-42' })).toEqual(stored);
        expect((await counters.findOne({ name: 'a' }))?.value).toBe(1);
        expect((await counters.findOne({ name: 'b' }))?.value).toBe(42);
      });

      it('30 concurrent calls hand out each counter value once and insert every document', async () => {
        const stored = await Promise.all(
          Array.from({ length: 30 }, () =>
            store.insertAfterUpdates<Project>('projects', [next('seq')], ([seq]) => ({
              id: `p${seq?.value}`,
              clientId: 'c1',
              type: 'site',
            })),
          ),
        );
        expect(stored.map((p) => p.id).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `p${i + 1}`).sort());
        expect(await projects.countDocuments({})).toBe(30);
        expect((await counters.findOne({ name: 'seq' }))?.value).toBe(30);
      });

      it('rejects with DuplicateKeyError when the insert violates a unique index, inserting nothing', async () => {
        await projects.insertOne({ id: 'taken', clientId: 'c1', type: 'site' });
        await expect(
          store.insertAfterUpdates<Project>('projects', [next('dup')], () => ({
            id: 'taken',
            clientId: 'c1',
            type: 'x',
          })),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await projects.countDocuments({ id: 'taken' })).toBe(1);
        expect((await projects.findOne({ id: 'taken' }))?.type).toBe('site');
      });

      it('rejects with what build throws, inserting nothing', async () => {
        await expect(
          store.insertAfterUpdates<Project>('projects', [next('boom')], () => {
            throw new Error('no document');
          }),
        ).rejects.toThrow('no document');
        expect(await projects.countDocuments({})).toBe(0);
      });
    });

    describe('unique indexes', () => {
      it('insertOne of a duplicate key throws DuplicateKeyError and changes nothing', async () => {
        await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site', name: 'First' });
        const error = await projects
          .insertOne({ id: 'p1', clientId: 'c2', type: 'site', name: 'Second' })
          .catch((e) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(error.collection).toBe('projects');
        expect(await projects.countDocuments({})).toBe(1);
        expect((await projects.findOne({ id: 'p1' }))?.name).toBe('First');
      });

      it('a duplicate _id throws DuplicateKeyError', async () => {
        await projects.insertOne({ _id: 'same', id: 'p1', clientId: 'c1', type: 'site' });
        await expect(
          projects.insertOne({ _id: 'same', id: 'p2', clientId: 'c1', type: 'site' }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('updateOne into a duplicate key throws and leaves the document unchanged', async () => {
        await seed();
        await expect(projects.updateOne({ id: 'p2' }, { $set: { id: 'p1', name: 'Clash' } })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect((await projects.findOne({ _id: { $exists: true }, id: 'p2' }))?.name).toBe('harbour tunnel');
        expect(await projects.countDocuments({ id: 'p1' })).toBe(1);
      });

      it('an upsert creating a duplicate key throws and inserts nothing', async () => {
        await seed();
        await expect(
          projects.updateOne({ id: 'p1', clientId: 'other' }, { $set: { name: 'x' } }, { upsert: true }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(
          projects.findOneAndUpdate({ id: 'p2', clientId: 'other' }, { $set: { name: 'x' } }, { upsert: true }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await projects.countDocuments({})).toBe(5);
      });

      it('insertMany stops at the duplicate: earlier documents are inserted, later ones are not', async () => {
        await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site' });
        const error = await projects
          .insertMany([
            { id: 'a', clientId: 'c1', type: 'site' },
            { id: 'b', clientId: 'c1', type: 'site' },
            { id: 'p1', clientId: 'c1', type: 'site' },
            { id: 'c', clientId: 'c1', type: 'site' },
          ])
          .catch((e) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(error.insertedCount).toBe(2);
        expect(await ids({})).toEqual(['a', 'b', 'p1']);
      });

      it('compound unique indexes: formVersions {formId, version}, formEntries by entryNumber', async () => {
        const versions = store.collection('formVersions');
        await versions.insertMany([
          { formId: 'f1', version: 1 },
          { formId: 'f1', version: 2 },
          { formId: 'f2', version: 1 },
        ]);
        await expect(versions.insertOne({ formId: 'f1', version: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
        const entries = store.collection('formEntries');
        const entry = { clientId: 'c1', projectId: 'p1', formId: 'f1', entryNumber: 1 };
        await entries.insertOne({ id: 'e1', ...entry });
        await entries.insertOne({ id: 'e2', ...entry, projectId: 'p2' });
        await expect(entries.insertOne({ id: 'e3', ...entry })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await entries.countDocuments({})).toBe(2);
      });

      it('formEntries: an offlineId once per client, any number of entries without one (issue 26)', async () => {
        const entries = store.collection('formEntries');
        const entry = { clientId: 'c1', projectId: 'p1', formId: 'f1' };
        await entries.insertOne({ id: 'e1', ...entry, entryNumber: 1 });
        await entries.insertOne({ id: 'e2', ...entry, entryNumber: 2 });
        await entries.insertOne({ id: 'e3', ...entry, entryNumber: 3, offlineId: 'u1' });
        await entries.insertOne({ id: 'e4', ...entry, clientId: 'c2', entryNumber: 3, offlineId: 'u1' });
        await expect(entries.insertOne({ id: 'e5', ...entry, entryNumber: 5, offlineId: 'u1' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await expect(entries.updateOne({ id: 'e2' }, { $set: { offlineId: 'u1' } })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        // Changed without a new offlineId, an entry keeps its own key; found by offlineId through its index.
        await entries.updateOne({ id: 'e1' }, { $set: { answers: [] } });
        expect((await entries.findOne({ clientId: 'c1', offlineId: 'u1' }))?.id).toBe('e3');
        expect(await entries.countDocuments({})).toBe(4);
        const offlineCommands = store.collection('offlineCommands');
        await offlineCommands.insertOne({ clientId: 'c1', commandId: 'k1' });
        await offlineCommands.insertOne({ clientId: 'c2', commandId: 'k1' });
        await expect(offlineCommands.insertOne({ clientId: 'c1', commandId: 'k1' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });

      it('users are unique by email and by id; counters by name; sessions by sid', async () => {
        const users = store.collection('users');
        await users.insertOne({ id: 'u1', email: 'a@example.com' });
        await expect(users.insertOne({ id: 'u2', email: 'a@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(users.insertOne({ id: 'u1', email: 'b@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await counters.insertOne({ name: 'n', value: 1 });
        await expect(counters.insertOne({ name: 'n', value: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
        const sessions = store.collection('sessions');
        await sessions.insertOne({ sid: 's1', expiresAt: new Date(Date.now() + 60_000) });
        await expect(sessions.insertOne({ sid: 's1', expiresAt: new Date() })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });

      it('ensureIndexes is idempotent and createIndex refuses data that violates a new unique index', async () => {
        await store.ensureIndexes();
        const lookups = store.collection('lookupValues');
        await lookups.insertMany([
          { id: 'l1', clientId: 'c1', type: 't', name: 'one', code: 'X' },
          { id: 'l2', clientId: 'c1', type: 't', name: 'two', code: 'X' },
        ]);
        await expect(lookups.createIndex({ code: 1 }, { unique: true, name: 'contract_code' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await lookups.createIndex({ code: 1, type: 1 }, { name: 'contract_code_type' });
        expect(await lookups.countDocuments({ code: 'X' })).toBe(2);
      });
    });

    describe('derived keys (unique rules ignoring spaces and case)', () => {
      // organisations: the resource's rule, a unique index on { clientId, uniqueKeys.name } (api/store/indexes.ts).
      const organisations = () =>
        store.collection<Doc & { id: number; clientId: number; name: string }>('organisations');

      it('a unique index on a normalised key: refused whatever the spacing and case, and never returned', async () => {
        const stored = await organisations().insertOne({ id: 1, clientId: 1, name: 'Corrib Plant Hire' });
        expect(stored).not.toHaveProperty('uniqueKeys');
        const error = await organisations()
          .insertOne({ id: 2, clientId: 1, name: ' corrib  PLANT hire' })
          .catch((e) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(error.index).toBe('organisations_unique_name');
        await organisations().insertOne({ id: 3, clientId: 2, name: 'Corrib Plant Hire' });
        await organisations().insertOne({ id: 4, clientId: 1, name: 'Other' });
        await expect(
          organisations().updateOne({ id: 4 }, { $set: { name: 'CORRIB plant hire' } }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        await organisations().updateOne({ id: 4 }, { $set: { name: 'Renamed' } });
        await expect(organisations().insertOne({ id: 5, clientId: 1, name: 'renamed' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await organisations().insertOne({ id: 6, clientId: 1, name: 'Other' });
        for (const doc of [
          ...(await organisations().find({})),
          await organisations().findOne({ id: 1 }),
          await organisations().findOneAndUpdate({ id: 1 }, { $set: { x: 1 } }, { returnDocument: 'after' }),
        ])
          expect(doc).not.toHaveProperty('uniqueKeys');
        for await (const doc of organisations().findEach({})) expect(doc).not.toHaveProperty('uniqueKeys');
      });

      it("a document without the rule's fields is outside it", async () => {
        await organisations().insertMany([{ id: 1, clientId: 1 } as never, { id: 2, clientId: 1 } as never]);
        expect(await organisations().countDocuments({})).toBe(2);
      });

      it('a new index on existing data derives the keys; a duplicate there is kept with a key of its own', async () => {
        const contacts = store.collection<Doc & { id: number; clientId: number; email: string }>('contacts');
        await contacts.insertMany([
          { id: 1, clientId: 1, email: 'Ana@Example.com' },
          { id: 2, clientId: 1, email: 'ana@example.com ' },
          { id: 3, clientId: 1, email: 'bo@example.com' },
        ]);
        const derived = { 'uniqueKeys.email': { fields: ['email'], ignoreSpacesAndCase: true } };
        await contacts.createIndex(
          { clientId: 1, 'uniqueKeys.email': 1 },
          { unique: true, name: 'contract_contacts_email', derived },
        );
        expect(await contacts.countDocuments({})).toBe(3);
        await expect(contacts.insertOne({ id: 4, clientId: 1, email: 'BO@example.com' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        // The duplicate stays writable while its e-mail does not change...
        await contacts.updateOne({ id: 2 }, { $set: { phone: '1' } });
        // ...and clashes when it is written again as the same address.
        await expect(contacts.updateOne({ id: 3 }, { $set: { email: 'ANA@example.com' } })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect((await contacts.findOne({ id: 2 }))?.phone).toBe('1');
      });
    });

    describe('transactions (withTransaction)', () => {
      class Boom extends Error {}
      const lookups = () => store.collection<Doc & { id: string; name: string }>('lookupValues');

      it('keeps the writes of every collection and returns what fn returns', async () => {
        const value = await store.withTransaction(async (tx) => {
          await tx.collection<Project>('projects').insertOne({ id: 'p1', clientId: 'c1', type: 'site' });
          await tx.collection('lookupValues').insertOne({ id: 'l1', clientId: 'c1', type: 't', name: 'One' });
          return 42;
        });
        expect(value).toBe(42);
        expect(await projects.countDocuments({ id: 'p1' })).toBe(1);
        expect(await lookups().countDocuments({ id: 'l1' })).toBe(1);
      });

      it('a throw half way through, after writes to two collections, leaves nothing written; the caches answer what is stored', async () => {
        await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site', name: 'Before' });
        await counters.insertOne({ name: 'n', value: 1 });
        // Answers kept by the store before the transaction (the embedded store's recent findOne answers).
        expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Before');
        expect(await lookups().findOne({ id: 'l1' })).toBeNull();
        const error = new Boom('half way');
        await expect(
          store.withTransaction(async (tx) => {
            await tx.collection<Project>('projects').updateOne({ id: 'p1' }, { $set: { name: 'During' } });
            await tx.collection('lookupValues').insertOne({ id: 'l1', clientId: 'c1', type: 't', name: 'New' });
            await tx.collection<Counter>('counters').findOneAndUpdate({ name: 'n' }, { $inc: { value: 1 } });
            await tx.collection<Project>('projects').deleteMany({ clientId: 'c1' });
            expect(await tx.collection('projects').findOne({ id: 'p1' })).toBeNull();
            throw error;
          }),
        ).rejects.toBe(error);
        expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Before');
        expect(await projects.countDocuments({})).toBe(1);
        expect(await lookups().findOne({ id: 'l1' })).toBeNull();
        expect(await lookups().countDocuments({})).toBe(0);
        expect((await counters.findOne({ name: 'n' }))?.value).toBe(1);
      });

      it("reads inside see the transaction's own writes: findOne, find, countDocuments, findEach", async () => {
        await seed();
        await store.withTransaction(async (tx) => {
          const inside = tx.collection<Project>('projects');
          expect((await inside.findOne({ id: 'p1' }))?.name).toBe('Harbour Bridge');
          await inside.updateOne({ id: 'p1' }, { $set: { name: 'Renamed' } });
          await inside.insertOne({ id: 'p9', clientId: 'c1', type: 'site', name: 'Added' });
          await inside.updateMany({ clientId: 'c1' }, { $set: { archived: true } });
          expect((await inside.findOne({ id: 'p1' }))?.name).toBe('Renamed');
          expect((await inside.find({ clientId: 'c1' }, { sort: { id: 1 } })).map((p) => p.id)).toEqual([
            'p1',
            'p2',
            'p9',
          ]);
          expect(await inside.countDocuments({ archived: true })).toBe(3);
          const each: string[] = [];
          for await (const p of inside.findEach({ clientId: 'c1' }, { sort: { id: -1 }, batchSize: 1 }))
            each.push(p.id);
          expect(each).toEqual(['p9', 'p2', 'p1']);
        });
        expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Renamed');
        expect(await projects.countDocuments({ archived: true })).toBe(3);
      });

      it('insertAfterUpdates inside a transaction is rolled back with it', async () => {
        const next = {
          collection: 'counters' as const,
          filter: { name: 'seq' },
          update: { $inc: { value: 1 } },
          options: { upsert: true, returnDocument: 'after' as const },
        };
        await expect(
          store.withTransaction(async (tx) => {
            const stored = await tx.insertAfterUpdates<Project>('projects', [next], ([seq]) => ({
              id: `p${seq?.value}`,
              clientId: 'c1',
              type: 'site',
            }));
            expect(stored.id).toBe('p1');
            expect(await tx.collection('projects').countDocuments({ id: 'p1' })).toBe(1);
            throw new Boom();
          }),
        ).rejects.toBeInstanceOf(Boom);
        expect(await counters.countDocuments({})).toBe(0);
        expect(await projects.countDocuments({})).toBe(0);
      });

      it('nested calls join the outer transaction: committed together, and a throw inside dooms the whole', async () => {
        await store.withTransaction(async (tx) => {
          await tx.collection<Project>('projects').insertOne({ id: 'outer', clientId: 'c1', type: 'site' });
          const inner = await tx.withTransaction(async (nested) => {
            expect(await nested.collection('projects').countDocuments({ id: 'outer' })).toBe(1);
            await nested.collection<Project>('projects').insertOne({ id: 'inner', clientId: 'c1', type: 'site' });
            return 'inner done';
          });
          expect(inner).toBe('inner done');
          expect(await tx.collection('projects').countDocuments({})).toBe(2);
        });
        expect(await ids({})).toEqual(['inner', 'outer']);

        const error = new Boom('inner');
        await expect(
          store.withTransaction(async (tx) => {
            await tx.collection<Project>('projects').insertOne({ id: 'kept?', clientId: 'c1', type: 'site' });
            try {
              await tx.withTransaction(async (nested) => {
                await nested.collection<Project>('projects').insertOne({ id: 'nested', clientId: 'c1', type: 'site' });
                throw error;
              });
            } catch {
              // Caught by the outer function: the transaction is doomed all the same.
            }
            return 'ignored';
          }),
        ).rejects.toBe(error);
        expect(await ids({})).toEqual(['inner', 'outer']);
      });

      it('a write that fails inside dooms the transaction even when fn catches it', async () => {
        await projects.insertOne({ id: 'taken', clientId: 'c1', type: 'site' });
        await expect(
          store.withTransaction(async (tx) => {
            await tx.collection('lookupValues').insertOne({ id: 'l1', clientId: 'c1', type: 't', name: 'x' });
            await tx
              .collection<Project>('projects')
              .insertOne({ id: 'taken', clientId: 'c2', type: 'site' })
              .catch(() => undefined);
            return 'swallowed';
          }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await lookups().countDocuments({})).toBe(0);
        expect(await projects.countDocuments({})).toBe(1);
      });

      it('concurrent transactions are serialised or isolated: 20 read-modify-writes lose nothing', async () => {
        await counters.insertOne({ name: 'rmw', value: 0 });
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.withTransaction(async (tx) => {
              const current = await tx.collection<Counter>('counters').findOne({ name: 'rmw' });
              await tx
                .collection<Counter>('counters')
                .updateOne({ name: 'rmw' }, { $set: { value: current!.value + 1 } });
              await tx.collection<Project>('projects').insertOne({ id: `p${i}`, clientId: 'c1', type: 'site' });
            }),
          ),
        );
        expect((await counters.findOne({ name: 'rmw' }))?.value).toBe(20);
        expect(await projects.countDocuments({})).toBe(20);
      });

      it('20 concurrent transactions inserting one unique key: one commits, 19 reject and keep nothing', async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            store.withTransaction(async (tx) => {
              await tx.collection('lookupValues').insertOne({ id: `l${i}`, clientId: 'c1', type: 't', name: `n${i}` });
              await tx.collection<Project>('projects').insertOne({ id: 'same', clientId: 'c1', type: 'site' });
              return i;
            }),
          ),
        );
        const kept = results.filter((r) => r.status === 'fulfilled');
        expect(kept).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DuplicateKeyError);
        expect(await projects.countDocuments({ id: 'same' })).toBe(1);
        expect((await lookups().find({})).map((l) => l.id)).toEqual([
          `l${(kept[0] as PromiseFulfilledResult<number>).value}`,
        ]);
      });

      it('a read through the store while a transaction runs sees only what is committed', async (context) => {
        // The in-memory embedded store has no second connection: its reads see the open transaction's writes.
        if ((store as { dataDir?: string }).dataDir === ':memory:') context.skip();
        await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site', name: 'Committed' });
        await store.withTransaction(async (tx) => {
          await tx.collection<Project>('projects').updateOne({ id: 'p1' }, { $set: { name: 'Uncommitted' } });
          await tx.collection<Project>('projects').insertOne({ id: 'p2', clientId: 'c1', type: 'site' });
          expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Committed');
          expect(await projects.countDocuments({})).toBe(1);
        });
        expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Uncommitted');
        expect(await projects.countDocuments({})).toBe(2);
      });

      it("the transaction's files are the store's; its Store refuses use after the end, ensureIndexes and close", async () => {
        let leaked: Store | undefined;
        expect(store.root).toBe(store);
        await store.withTransaction(async (tx) => {
          expect(tx.files).toBe(store.files);
          expect(tx.root).toBe(store);
          await tx.withTransaction(async (nested) => expect(nested.root).toBe(store));
          expect(tx.kind).toBe(store.kind);
          await expect(tx.ensureIndexes()).rejects.toThrow();
          await expect(tx.close()).rejects.toThrow();
          leaked = tx;
        });
        expect(() => leaked!.collection('projects')).toThrow();
        await expect(
          store
            .withTransaction(async (tx) => {
              const inside = tx.collection<Project>('projects');
              leaked = tx;
              return inside;
            })
            .then((inside) => inside.insertOne({ id: 'late', clientId: 'c1', type: 'site' })),
        ).rejects.toThrow();
        expect(await projects.countDocuments({})).toBe(0);
      });
    });

    describe('validation', () => {
      it('rejects a non-string _id', async () => {
        await expect(
          projects.insertOne({ _id: 5 as unknown as string, id: 'p1', clientId: 'c', type: 't' }),
        ).rejects.toThrow(TypeError);
      });

      it('throws on a collection name outside the list', () => {
        expect(() => store.collection('nope' as never)).toThrow();
      });
    });
  });
}

type Project = Doc & { id: string; clientId: string; type: string };
type Counter = Doc & { name: string; value: number };

/** Five projects over two clients, shaped to make every filter operator discriminate. */
function fixtures(): Project[] {
  return [
    {
      id: 'p1',
      clientId: 'c1',
      type: 'site',
      name: 'Harbour Bridge',
      budget: 100,
      tags: ['civil', 'steel'],
      address: { city: 'Sydney', postcode: '2000' },
      archived: false,
      startDate: new Date('2024-01-10T00:00:00Z'),
      contacts: [
        { name: 'Ana', role: 'foreman' },
        { name: 'Bo', role: 'safety' },
      ],
    },
    {
      id: 'p2',
      clientId: 'c1',
      type: 'site',
      name: 'harbour tunnel',
      budget: 250,
      tags: ['civil'],
      address: { city: 'Sydney', postcode: '2060' },
      archived: true,
      closedAt: null,
    },
    {
      id: 'p3',
      clientId: 'c2',
      type: 'office',
      name: 'Tower Fitout',
      budget: 75,
      tags: ['glass', 'fitout'],
      address: { city: 'Melbourne', postcode: '3000' },
      archived: false,
    },
    {
      id: 'p4',
      clientId: 'c2',
      type: 'site',
      name: 'Rail Yard',
      budget: 250,
      address: { city: 'Perth', postcode: '6000' },
      archived: false,
      startDate: new Date('2023-05-01T00:00:00Z'),
    },
    {
      id: 'p5',
      clientId: 'c3',
      type: 'site',
      name: 'Depot',
      budget: 50,
      tags: [],
      address: { city: 'Darwin' },
      archived: false,
      closedAt: new Date('2024-06-30T00:00:00Z'),
    },
  ];
}
