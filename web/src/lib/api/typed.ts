// The typed face of the API client: every call names a path of the server's
// OpenAPI document (schema.ts, generated from web/openapi.json), and its
// request body, path and query parameters and its answer are the types the
// document gives that path and method. A field the Go side renames, or a body
// that no longer fits, breaks `npm run build`. Behaviour (bearer token,
// timeout, one retry after a refresh on 401, idempotency key, error handling)
// is apiRequest's.
import { apiRequest, type RequestOptions } from './client';
import type { paths } from './schema';

export type ApiPath = keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** The paths that answer to a method. */
export type PathsFor<M extends ApiMethod> = {
  [P in ApiPath]: paths[P] extends Record<M, object> ? P : never;
}[ApiPath];

type Operation<P extends ApiPath, M extends ApiMethod> = paths[P] extends Record<M, infer O> ? O : never;

type Content<C> = C extends { 'application/json': infer B }
  ? B
  : C extends { 'multipart/form-data': unknown }
    ? FormData
    : never;

/** The request body of a call (never: the call takes none). */
export type Body<P extends ApiPath, M extends ApiMethod = 'post'> = Operation<P, M> extends {
  requestBody?: { content: infer C };
}
  ? [NonNullable<Operation<P, M>['requestBody']>] extends [never]
    ? never
    : Content<C>
  : never;

type SuccessOf<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : never;
type Answer<S> = S extends { content: infer C } ? (C extends { 'application/json': infer B } ? B : Blob) : undefined;

/** What a call answers: the JSON body, a Blob for files and images, undefined for 204. */
export type Reply<P extends ApiPath, M extends ApiMethod = 'post'> = Operation<P, M> extends { responses: infer R }
  ? R extends { 204: unknown }
    ? undefined
    : Answer<SuccessOf<R>>
  : never;

type ParamsOf<P extends ApiPath, M extends ApiMethod, K extends 'path' | 'query'> = Operation<P, M> extends {
  parameters: infer A;
}
  ? A extends Partial<Record<K, infer V>>
    ? V
    : never
  : never;

type IsBinary<P extends ApiPath, M extends ApiMethod> = Reply<P, M> extends Blob ? true : false;

/** Query values may be null: apiRequest leaves null, undefined and '' out. */
type Nullable<Q> = { [K in keyof Q]?: Q[K] | null };

/** Whether a part of the call does not exist for the path (never, or only undefined). */
type Absent<T> = [T] extends [never] ? true : [T] extends [undefined] ? true : false;

type PathParams<P extends ApiPath, M extends ApiMethod> = NonNullable<ParamsOf<P, M, 'path'>>;
type QueryParams<P extends ApiPath, M extends ApiMethod> = NonNullable<ParamsOf<P, M, 'query'>>;

/** The options of one call: apiRequest's, with body, path and query typed by the path. */
export type CallInit<P extends ApiPath, M extends ApiMethod> = Omit<
  RequestOptions,
  'method' | 'body' | 'query' | 'responseType'
> &
  (Absent<Body<P, M>> extends true ? { body?: never } : { body: Body<P, M> }) &
  (Absent<ParamsOf<P, M, 'path'>> extends true ? { path?: never } : { path: PathParams<P, M> }) &
  (Absent<ParamsOf<P, M, 'query'>> extends true ? { query?: never } : { query?: Nullable<QueryParams<P, M>> }) &
  (IsBinary<P, M> extends true ? { responseType: 'blob' } : { responseType?: 'json' });

/** A call needs its options when it has a body, path parameters or a file answer. */
type NeedsInit<P extends ApiPath, M extends ApiMethod> =
  Absent<Body<P, M>> extends false
    ? true
    : IsBinary<P, M> extends true
      ? true
      : Absent<ParamsOf<P, M, 'path'>> extends false
        ? true
        : false;

type Args<P extends ApiPath, M extends ApiMethod> =
  NeedsInit<P, M> extends true ? [init: CallInit<P, M>] : [init?: CallInit<P, M>];

/** Puts the path parameters into a path template: /budget/{type}/create. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function call<M extends ApiMethod>(method: M) {
  return <P extends PathsFor<M>>(path: P, ...[init]: Args<P, M>): Promise<Reply<P, M>> => {
    const { path: params, query, ...options } = (init ?? {}) as CallInit<P, M> & {
      path?: Record<string, string | number>;
      query?: RequestOptions['query'];
    };
    return apiRequest<Reply<P, M>>(fillPath(path, params), {
      ...options,
      query,
      method: method.toUpperCase() as Uppercase<M>,
    });
  };
}

/**
 * api.post('/portal-service/v1/user/get', { body: { ospId } }) answers the
 * UserUser the document gives that path; the body must be the path's
 * request schema.
 */
export const api = {
  get: call('get'),
  post: call('post'),
  /** The few calls SPEC §7 names with PUT or DELETE (branding configuration). */
  put: call('put'),
  delete: call('delete'),
};
