import formDefinitionInput from '../../schemas/api/derived/form-definition-input.schema.json';
import formDefinition from '../../schemas/entities/form-definition.schema.json';
import { ajv, hasOperatorKeys, MAX_ERROR_DETAILS, type SchemaName, schemas, validateSchema } from './ajv';

const hex128 = 'a'.repeat(128);

function fail(name: SchemaName, data: unknown) {
  const result = validateSchema(name, data);
  if (result.ok) throw new Error(`expected ${name} to reject ${JSON.stringify(data)}`);
  return result.details;
}

describe('ajv setup', () => {
  it('registers every schema under its $id', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(ajv.getSchema(schema.$id), name).toBeTypeOf('function');
      expect(schema.$id).toMatch(/^https:\/\/site-forms\.dev\/schemas\/(entities|api)\/[a-z-]+\.schema\.json$/);
      expect(schema.$id.endsWith(`/${name}.schema.json`)).toBe(true);
    }
  });

  it('checks formats (date-time, email, date)', () => {
    expect(
      fail('user', {
        id: 1,
        fullName: 'A',
        email: 'not an email',
        status: 'Active',
        processes: [],
        clientIds: [],
        currentClient: null,
      }).map((d) => d.path),
    ).toEqual(['/email']);
    expect(
      fail('project', {
        id: 1,
        clientId: 1,
        code: 'P',
        name: 'N',
        status: 'Active',
        type: 'projects',
        startDate: '2026-02-30',
      }),
    ).toEqual([expect.objectContaining({ path: '/startDate', messageId: 'validation.date' })]);
  });
});

describe('validateSchema', () => {
  it('accepts a valid login request', () => {
    expect(validateSchema('login-request', { email: 'admin@demo.local', password: hex128 })).toEqual({ ok: true });
  });

  it('reports every problem with catalogue texts and JSON pointer paths', () => {
    const details = fail('login-request', { password: 'ABC', extra: 1 });
    expect(details).toEqual(
      expect.arrayContaining([
        { path: '/email', messageId: 'validation.required', message: 'email is required.' },
        expect.objectContaining({ path: '/password', messageId: 'validation.invalidBody' }),
        expect.objectContaining({
          path: '/extra',
          messageId: 'validation.invalidBody',
          message: expect.stringContaining('extra is not allowed'),
        }),
      ]),
    );
    expect(details).toHaveLength(3);
  });

  it('rejects an uppercase or short password digest', () => {
    expect(fail('login-request', { email: 'a@b.c', password: 'A'.repeat(128) })[0].path).toBe('/password');
    expect(fail('login-request', { email: 'a@b.c', password: 'a'.repeat(127) })[0].path).toBe('/password');
  });

  it('maps maxLength to validation.tooLong with the limit', () => {
    expect(fail('login-request', { email: 'x'.repeat(321), password: hex128 })).toEqual([
      { path: '/email', messageId: 'validation.tooLong', message: 'email cannot be longer than 320 characters.' },
    ]);
  });

  it('maps an empty required string to validation.required', () => {
    expect(fail('login-request', { email: '', password: hex128 })[0].messageId).toBe('validation.required');
  });

  it('names nested fields readably', () => {
    const details = fail('submission', { formId: 1, answers: [{ questionId: 1, answers: [] }, { answers: [] }] });
    expect(details).toEqual([
      {
        path: '/answers/1/questionId',
        messageId: 'validation.required',
        message: 'answers[1].questionId is required.',
      },
    ]);
  });

  it('maps number bounds and types', () => {
    expect(fail('register-query', { pageIndex: -1 })).toEqual([
      expect.objectContaining({ messageId: 'validation.min' }),
    ]);
    expect(fail('register-query', { pageIndex: 'x' })).toEqual([
      expect.objectContaining({ messageId: 'validation.number' }),
    ]);
    expect(fail('register-query', { pageSize: 20 })).toEqual([
      expect.objectContaining({ messageId: 'validation.option' }),
    ]);
  });

  it('validates register queries', () => {
    expect(
      validateSchema('register-query', {
        pageIndex: 2,
        pageSize: 1000,
        sorting: [{ id: 'q_12', desc: true }],
        filters: [
          { id: 'entryNumber', value: 3 },
          { id: 'q_4', value: true },
          { id: 'enteredBy', value: 'Ann' },
        ],
        globalFilter: 'pour',
      }),
    ).toEqual({ ok: true });
    expect(validateSchema('register-query', {})).toEqual({ ok: true });
    expect(fail('register-query', { sorting: [{ id: 'a.b', desc: true }] })[0].path).toBe('/sorting/0/id');
    expect(fail('register-query', { sorting: Array(6).fill({ id: 'a', desc: false }) })[0].path).toBe('/sorting');
    expect(fail('register-query', { filters: [{ id: 'a', value: 'x'.repeat(201) }] })[0].messageId).toBe(
      'validation.tooLong',
    );
    expect(fail('register-query', { filters: [{ id: 'a', value: null }] })[0].path).toBe('/filters/0/value');
    expect(fail('register-query', { filters: Array(51).fill({ id: 'a', value: 1 }) })[0].path).toBe('/filters');
    expect(fail('register-query', { globalFilter: 'x'.repeat(201) })[0].messageId).toBe('validation.tooLong');
  });

  it('validates download requests: formId required, no paging, at most 10000 entry numbers', () => {
    expect(
      validateSchema('download-request', {
        formId: 3,
        downloadFormIds: [1, 2],
        sorting: [{ id: 'date', desc: false }],
      }),
    ).toEqual({
      ok: true,
    });
    expect(fail('download-request', {})[0]).toMatchObject({ path: '/formId', messageId: 'validation.required' });
    expect(fail('download-request', { formId: 1, pageIndex: 0 })[0].path).toBe('/pageIndex');
    expect(fail('download-request', { formId: 1, downloadFormIds: Array(10001).fill(1) })[0].path).toBe(
      '/downloadFormIds',
    );
    expect(fail('download-request', { formId: 1, filters: [{ id: '$where', value: 'x' }] })[0].path).toBe(
      '/filters/0/id',
    );
  });

  it('validates submissions through form-entry $defs/submission', () => {
    expect(validateSchema('submission', { formId: 1, answers: [{ questionId: 2, answers: ['x', 3, true] }] })).toEqual({
      ok: true,
    });
    expect(fail('submission', { formId: 1, answers: [{ questionId: 2, answers: [{}] }] })[0].path).toBe(
      '/answers/0/answers/0',
    );
    expect(fail('submission', { formId: 0, answers: [] })[0].messageId).toBe('validation.min');
  });

  it('form-definition-input is the form definition minus server-set fields', () => {
    // `modified` is sent back as loaded (issue 21: the concurrent-save guard); the server still sets it.
    const serverSet = [
      '_id',
      'id',
      'clientId',
      'status',
      'version',
      'created',
      'publishedAt',
      'createdBy',
      'createdById',
      'modifiedBy',
      'modifiedById',
    ];
    const expected = Object.keys(formDefinition.properties).filter((k) => !serverSet.includes(k));
    expect(Object.keys(formDefinitionInput.properties).sort()).toEqual(expected.sort());
    const input = { title: 'Pour', pages: [{ id: 1, label: '', questions: [{ id: 1, label: 'Q', type: 'Text' }] }] };
    expect(validateSchema('form-definition-input', input)).toEqual({ ok: true });
    expect(fail('form-definition-input', { ...input, id: 4 })[0].path).toBe('/id');
    expect(fail('form-definition-input', { ...input, status: 'Published' })[0].path).toBe('/status');
    expect(
      fail('form-definition-input', {
        title: 'x',
        pages: [{ id: 1, label: '', questions: [{ id: 1, label: 'Q', type: 'Radio' }] }],
      })[0],
    ).toMatchObject({
      path: '/pages/0/questions/0/type',
      messageId: 'validation.option',
    });
  });

  it('caps the number of details', () => {
    const answers = Array.from({ length: 500 }, () => ({ answers: [] }));
    expect(fail('submission', { formId: 1, answers })).toHaveLength(MAX_ERROR_DETAILS);
  });
});

describe('hasOperatorKeys', () => {
  it('finds $ keys at any depth, in objects and arrays', () => {
    expect(hasOperatorKeys({ email: { $ne: null } })).toBe(true);
    expect(hasOperatorKeys({ filters: [{ id: 'a', value: { $gt: '' } }] })).toBe(true);
    expect(hasOperatorKeys([[{ a: [{ $where: 'x' }] }]])).toBe(true);
    expect(hasOperatorKeys(JSON.parse('{"a":{"b":{"c":{"$regex":"."}}}}'))).toBe(true);
  });

  it('ignores $ in values and plain data', () => {
    expect(hasOperatorKeys({ password: '$ne', list: ['$gt'], n: 1 })).toBe(false);
    expect(hasOperatorKeys(null)).toBe(false);
    expect(hasOperatorKeys('$x')).toBe(false);
    expect(hasOperatorKeys({ a$: 1, 'b.$': 2 })).toBe(false);
  });

  it('tolerates cycles', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    expect(hasOperatorKeys(a)).toBe(false);
    a.nested = { $in: [] };
    expect(hasOperatorKeys(a)).toBe(true);
  });
});
