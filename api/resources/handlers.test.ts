/**
 * The generic handlers' lifecycle hooks and declarations (issue 20, "What to build" 1), on synthetic catalogue
 * entries over the lookup-value resource and the demo seed's store: the stages run in order, the resource's first;
 * a hook that refuses leaves nothing written, what an afterChange hook wrote included (one transaction); a get may
 * be named by its filter alone, a write may not; filters on one field are ANDed; a replacing update never clears
 * the id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenericHandler, Operation } from '../../engine/api/operations';
import { AppError } from '../../engine/errors';
import type { UserDoc } from '../auth/types';
import type { Store } from '../store/port';
import { makeHarness } from '../test/harness';
import type { GenericContext } from './context';
import { runGeneric } from './handlers';
import type { HookRegistry, Item } from './hooks';

let store: Store;

beforeAll(async () => {
  store = (await makeHarness()).store;
});

const calls: string[] = [];

/** Hooks that record their calls; `refuse` throws in beforeChange when the item's name says so. */
const registry: HookRegistry = {
  where: {
    onlyContactRoles: () => ({ type: 'ContactRole' }),
    nothing: () => false,
    idOne: () => ({ id: 1 }),
  },
  beforeValidate: {
    trimmed: (data: Item) => {
      calls.push('beforeValidate');
      return { ...data, name: String(data.name).trim() };
    },
  },
  beforeChange: {
    first: (item: Item) => {
      calls.push('beforeChange:first');
      return item;
    },
    refuse: (item: Item) => {
      calls.push('beforeChange:refuse');
      if (item.name === 'Refused') throw new AppError(409, 'lookupValues.duplicate');
      return item;
    },
  },
  afterChange: {
    counted: async (item: Item, { store: tx }: { store: Store }) => {
      calls.push('afterChange');
      await tx.collection('counters').updateOne({ name: 'hooks-test' }, { $inc: { value: 1 } }, { upsert: true });
      if (item.name === 'Late refusal') throw new AppError(409, 'lookupValues.duplicate');
      return item;
    },
  },
  afterRead: {
    named: (items: Item[]) => {
      calls.push('afterRead');
      return items.map((i) => ({ ...i, shown: `${i.type}: ${i.name}` }));
    },
  },
  beforeDelete: {},
  afterDelete: {},
  sheets: {},
};

/** Runs a synthetic catalogue entry for client 1 as its administrator. */
function run(handler: GenericHandler, extra: { params?: Record<string, number>; body?: unknown } = {}) {
  const operation = {
    method: 'POST',
    path: extra.params ? '/test/{id}' : '/test',
    ...(extra.params ? { params: { id: 'id' } } : {}),
    summary: 'test',
    access: 'tenant',
    handler,
  } as unknown as Operation;
  const context: GenericContext = {
    name: 'lookupValues.create',
    operation,
    store,
    clientId: 1,
    user: { id: 1, fullName: 'Test Admin' } as UserDoc,
    params: extra.params ?? {},
    body: extra.body,
    now: new Date('2026-03-01T10:00:00Z'),
    http: {} as GenericContext['http'],
  };
  return runGeneric(context, registry);
}

const counter = async () =>
  (await store.collection<{ value: number }>('counters').findOne({ name: 'hooks-test' }))?.value;

describe('generic handlers with hooks', () => {
  it('runs the stages in order and answers through afterRead', async () => {
    calls.length = 0;
    const answer = (await run(
      {
        kind: 'create',
        resource: 'lookup-value',
        hooks: {
          beforeValidate: ['trimmed'],
          beforeChange: ['first', 'refuse'],
          afterChange: ['counted'],
          afterRead: ['named'],
        },
      },
      { body: { type: 'ContactRole', name: '  Banksman  ', status: 'Active' } },
    )) as Item;
    expect(calls).toEqual(['beforeValidate', 'beforeChange:first', 'beforeChange:refuse', 'afterChange', 'afterRead']);
    expect(answer).toMatchObject({ name: 'Banksman', shown: 'ContactRole: Banksman', createdBy: 'Test Admin' });
    expect(await counter()).toBe(1);
  });

  it('writes nothing when a hook refuses, before or after the write (one transaction)', async () => {
    const handler: GenericHandler = {
      kind: 'create',
      resource: 'lookup-value',
      hooks: { beforeChange: ['refuse'], afterChange: ['counted'] },
    };
    for (const name of ['Refused', 'Late refusal']) {
      await expect(run(handler, { body: { type: 'ContactRole', name, status: 'Active' } })).rejects.toMatchObject({
        status: 409,
      });
      expect(await store.collection('lookupValues').findOne({ clientId: 1, name })).toBeNull();
    }
    expect(await counter()).toBe(1);
  });

  it('finds a get by its filter alone, but never a write', async () => {
    const one = (await run({ kind: 'get', resource: 'lookup-value', hooks: { where: ['idOne'] } })) as Item;
    expect(one.id).toBe(1);
    await expect(
      run({ kind: 'setStatus', resource: 'lookup-value', value: 'Inactive', hooks: { where: ['idOne'] } }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await store.collection<Item>('lookupValues').findOne({ clientId: 1, id: 1 }))?.status).not.toBe('Inactive');
  });

  it('ANDs a where hook and the item key on one field, and answers nothing when a where hook says so', async () => {
    const other = await store.collection<Item>('lookupValues').findOne({ clientId: 1, id: { $ne: 1 } });
    await expect(
      run(
        { kind: 'get', resource: 'lookup-value', hooks: { where: ['idOne'] } },
        { params: { id: Number(other?.id) } },
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(await run({ kind: 'list', resource: 'lookup-value', hooks: { where: ['nothing'] } })).toEqual([]);
    const roles = (await run({
      kind: 'list',
      resource: 'lookup-value',
      hooks: { where: ['onlyContactRoles'] },
    })) as Item[];
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => r.type === 'ContactRole')).toBe(true);
  });

  it('selects fields, null where an item has none', async () => {
    const [first] = (await run(
      { kind: 'list', resource: 'lookup-value', select: ['id', 'name', 'noSuchField'] },
      {},
    )) as Item[];
    expect(Object.keys(first)).toEqual(['id', 'name', 'noSuchField']);
    expect(first.noSuchField).toBeNull();
  });
});
