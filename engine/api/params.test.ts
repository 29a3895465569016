/** Typed path parameters (issue 20 §4): what each type accepts, and the status and message of what it refuses. */
import { describe, expect, it } from 'vitest';
import { paramTypeScript, parseParams } from './params';

describe('path parameters', () => {
  it('reads ids, slugs, booleans, bounded integers and strings as their types', () => {
    const parsed = parseParams(
      {
        id: 'id',
        formArea: 'slug',
        withData: 'boolean',
        width: { type: 'integer', minimum: 1, maximum: 2000 },
        x: 'string',
      },
      { id: '42', formArea: 'quality-assurance', withData: 'false', width: '300', x: 'a b' },
    );
    expect(parsed).toEqual({
      ok: true,
      params: { id: 42, formArea: 'quality-assurance', withData: false, width: 300, x: 'a b' },
    });
  });

  it('answers a malformed id or slug 404 like a missing item, an option 400', () => {
    for (const raw of ['0', '-1', '1.5', 'abc', '1234567890123456', ''])
      expect(parseParams({ id: 'id' }, { id: raw })).toMatchObject({
        ok: false,
        refusal: { name: 'id', status: 404, messageId: 'notFound.generic' },
      });
    expect(parseParams({ formArea: 'slug' }, { formArea: 'Quality' })).toMatchObject({ refusal: { status: 404 } });
    expect(parseParams({ flag: 'boolean' }, { flag: 'maybe' })).toMatchObject({
      refusal: { status: 400, messageId: 'validation.badRequest', value: 'maybe' },
    });
    expect(parseParams({ width: { type: 'integer', maximum: 2000 } }, { width: '2001' })).toMatchObject({
      refusal: { status: 400 },
    });
  });

  it('takes the status and message a declaration gives, and null for a lenient one', () => {
    const kind = { type: 'string', enum: ['rfi', 'cvi'], status: 400, messageId: 'contacts.unknownKind' } as const;
    expect(parseParams({ kind }, { kind: 'memo' })).toMatchObject({
      refusal: { status: 400, messageId: 'contacts.unknownKind' },
    });
    expect(parseParams({ projectId: { type: 'id', orNull: true } }, { projectId: 'x' })).toEqual({
      ok: true,
      params: { projectId: null },
    });
  });

  it('types each declaration for the generated operation types', () => {
    expect(paramTypeScript('id')).toBe('number');
    expect(paramTypeScript({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(paramTypeScript({ type: 'id', orNull: true })).toBe('number | null');
  });
});
