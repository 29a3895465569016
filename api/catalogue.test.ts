/**
 * The operation catalogue (schemas/api/operations.json) and resource declarations (schemas/resources)
 * are well-formed and name only what exists: meta-schemas, resources, entity and body schemas, named
 * operations, rules and message ids.
 */
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { operations } from '../engine/api/operations';
import { pathParamNames } from '../engine/api/params';
import { isMessageId } from '../engine/messages/catalogue';
import { ajv, schemas } from '../engine/validation/ajv';
import catalogue from '../schemas/api/operations.json';
import operationsMeta from '../schemas/meta/operations.schema.json';
import resourceMeta from '../schemas/meta/resource.schema.json';
import { catalogueOperationNames } from './catalogue';
import { hookRegistry } from './hooks';
import { namedOperations } from './operations/named';
import { resources } from './resources/declarations';
import { derives } from './resources/derive';
import { collectionNames } from './store/port';

const meta = new Ajv2020({ allErrors: true });

describe('the operation catalogue', () => {
  it('satisfies its meta-schema', () => {
    const validate = meta.compile(operationsMeta);
    expect(validate(catalogue), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names only resources, schemas, named operations, rules and messages that exist', () => {
    for (const [name, op] of Object.entries(operations)) {
      if (op.body) expect(Object.hasOwn(schemas, op.body), `${name} body ${op.body}`).toBe(true);
      if ('resource' in op.handler) expect(resources.has(op.handler.resource), `${name} resource`).toBe(true);
      if ('named' in op.handler)
        expect((namedOperations as Record<string, unknown>)[op.handler.named], `${name} named`).toBeTypeOf('function');
      if (op.rule) {
        expect(ajv.getSchema(op.rule.$ref), `${name} rule ${op.rule.$ref}`).toBeTypeOf('function');
        expect(isMessageId(op.rule.messageId), `${name} rule message`).toBe(true);
      }
      if (op.answer) expect(() => ajv.compile({ $id: `test:${name}`, ...op.answer }), `${name} answer`).not.toThrow();
    }
  });

  it('declares the type of every path parameter, and no other', () => {
    for (const [name, op] of Object.entries(operations))
      expect(Object.keys(op.params ?? {}).sort(), name).toEqual(pathParamNames(op.path).sort());
  });

  it('names only hooks, sheets and joined resources that exist, each under its stage', () => {
    const stages = Object.keys(hookRegistry).filter((s) => s !== 'sheets') as (keyof typeof hookRegistry)[];
    const named = (where: string, hooks: object | undefined) => {
      for (const [stage, names] of Object.entries(hooks ?? {}) as [string, string[]][]) {
        expect(stages, `${where}: stage ${stage}`).toContain(stage);
        for (const hook of names ?? [])
          expect(
            (hookRegistry[stage as keyof typeof hookRegistry] as Record<string, unknown>)[hook],
            `${where}: ${stage} hook ${hook}`,
          ).toBeTypeOf('function');
      }
    };
    for (const [name, op] of Object.entries(operations)) {
      if (!('kind' in op.handler)) continue;
      named(name, op.handler.hooks);
      if (op.handler.sheet) expect(hookRegistry.sheets[op.handler.sheet], `${name} sheet`).toBeDefined();
      for (const join of op.handler.join ?? []) expect(resources.has(join.resource), `${name} join`).toBe(true);
    }
    for (const [name, resource] of resources) named(`resource ${name}`, resource.hooks);
  });

  it('mounts static path segments before parameters at the same place', () => {
    const names = catalogueOperationNames();
    expect(names.indexOf('codeGenerator.getByType')).toBeLessThan(names.indexOf('codeGenerator.get'));
  });
});

describe('resource declarations', () => {
  it('satisfy their meta-schema and name existing collections, entities, derive functions and messages', () => {
    const validate = meta.compile(resourceMeta);
    expect(resources.size).toBeGreaterThan(0);
    for (const [name, resource] of resources) {
      expect(validate(resource), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(collectionNames as readonly string[]).toContain(resource.collection);
      expect(Object.hasOwn(schemas, resource.entity), `${name} entity`).toBe(true);
      if (resource.derive) expect(derives[resource.derive], `${name} derive`).toBeTypeOf('function');
      for (const key of resource.unique ?? []) expect(isMessageId(key.messageId)).toBe(true);
    }
  });
});
