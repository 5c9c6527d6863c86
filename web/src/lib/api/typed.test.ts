import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/http';
import { setTokens } from '../auth/tokens';
import { resetApiClientForTests } from './client';
import type { components } from './schema';
import { api, fillPath, type Body, type Reply } from './typed';

type Schemas = components['schemas'];

describe('typed client', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the body to the path with the bearer token and answers the parsed body', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { ospId: 'u1' }));
    await expect(api.post('/portal-service/v1/user/get', { body: { ospId: 'u1' } })).resolves.toEqual({ ospId: 'u1' });
    expect(calls[0]).toMatchObject({
      url: '/portal-service/v1/user/get',
      method: 'POST',
      authorization: 'Bearer access-1',
      body: { ospId: 'u1' },
    });
  });

  it('fills path parameters, encoded, and sends GET with the query', async () => {
    const { calls } = mockFetch(() => new Response('x', { status: 200 }));
    await api.get('/portal-service/v1/user/upload/template/{kind}', {
      path: { kind: 'create' },
      query: { format: 'csv' },
      responseType: 'blob',
    });
    expect(calls[0]).toMatchObject({ url: '/portal-service/v1/user/upload/template/create?format=csv', method: 'GET' });
    expect(fillPath('/a/{type}/b', { type: 'x y/z' })).toBe('/a/x%20y%2Fz/b');
    expect(() => fillPath('/a/{type}', {})).toThrow(/type/);
  });

  it('keeps the idempotency key of a money call', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await api.post('/portal-service/v1/budget/redeem', {
      body: { budgetOspId: 'b1', promoCode: 'P' },
      idempotencyKey: 'k1',
    });
    expect(calls[0]!.headers['Idempotency-Key']).toBe('k1');
  });

  it('takes body and answer types from the path (checked by tsc)', () => {
    // The answer is the path's response schema, with the document's
    // required and nullable fields: no hand-written patches.
    expectTypeOf<Reply<'/portal-service/v1/user/get'>>().toEqualTypeOf<Schemas['UserUser']>();
    expectTypeOf<Reply<'/portal-service/v1/budget/private/list'>>().toEqualTypeOf<Schemas['PageOfBudgetPrivateRow']>();
    expectTypeOf<Schemas['UserUser']['startActivationTime']>().toEqualTypeOf<string | null>();
    expectTypeOf<Schemas['UserUser']['ospId']>().toEqualTypeOf<string>();
    expectTypeOf<Reply<'/portal-service/v1/user/upload/template/{kind}', 'get'>>().toEqualTypeOf<Blob>();
    expectTypeOf<Reply<'/user-service/v1/auth/logout'>>().toEqualTypeOf<undefined>();
    expectTypeOf<Body<'/portal-service/v1/user/get'>>().toEqualTypeOf<Schemas['UserGetRequest']>();

    // Calls that do not fit the document do not compile (never run).
    const neverCalled = () => {
      // @ts-expect-error a field the request schema does not have
      void api.post('/portal-service/v1/user/get', { body: { ospId: 'u1', renamed: true } });
      // @ts-expect-error the body is required
      void api.post('/portal-service/v1/user/get');
      // @ts-expect-error a path the server does not have
      void api.post('/portal-service/v1/user/nope', { body: {} });
      // @ts-expect-error a POST path called with GET
      void api.get('/portal-service/v1/user/get');
      // @ts-expect-error the path parameter is missing
      void api.post('/portal-service/v1/user/changeLanguage/{lang}');
      // @ts-expect-error a file answer needs responseType 'blob'
      void api.get('/portal-service/v1/user/upload/template/{kind}', { path: { kind: 'create' } });
    };
    expect(neverCalled).toBeTypeOf('function');
  });
});

// Every call of the app goes through the typed client: only it (and the
// client's own tests) may call apiRequest, so no call names a path with a
// hand-asserted answer type.
describe('calls', () => {
  const src = join(process.cwd(), 'src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  it('use the typed client, never apiRequest directly', () => {
    const allowed = new Set(['lib/api/client.ts', 'lib/api/typed.ts']);
    const offenders = files(src)
      .map((file) => relative(src, file))
      .filter((file) => !allowed.has(file))
      .filter((file) => /\bapiRequest\b/.test(readFileSync(join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
