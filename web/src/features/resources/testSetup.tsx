// The routes and the fetch the feature's component tests render with.
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { LABELS_PAGE, MODES, PARTNERS } from './testFixtures';

/** A handler answers a call, or undefined for the defaults below. */
export type Handler = (call: Call) => Response | undefined;

/** Renders the routes as platform staff, answering the option calls every form needs. */
export function renderAsStaff(routes: RouteObject[], initialEntry: string, handler: Handler) {
  const { calls } = mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.url.endsWith('/partner/mrp/getAll')) return jsonResponse(200, PARTNERS);
    if (call.url.endsWith('/resource/mobilityModes/get')) return jsonResponse(200, MODES);
    if (call.url.endsWith('/resource/label/getByFilter')) return jsonResponse(200, LABELS_PAGE);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    routes,
    initialEntry,
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null })),
  );
  return { ...result, calls, user: userEvent.setup() };
}

export type User = ReturnType<typeof userEvent.setup>;

/** Pasting instead of typing key by key keeps the tests quick on a busy machine. */
export async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.clear(input);
  await user.paste(text);
}

/** Picks an option of a Mantine select (its options live in a portal). */
export async function choose(user: User, input: HTMLElement, option: string) {
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The body of the last call to a path ending so. */
export const lastBody = (calls: Call[], suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).at(-1)?.body;

/** The component tests drive Mantine forms: slow on a loaded machine. */
export const SLOW = { timeout: 30_000 };
