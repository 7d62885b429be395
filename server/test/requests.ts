import type { TestApp, TestUser } from './helpers';

/** JSON requests to the app as a user (or a visitor), in a language: `post(url, body, user?, lng?)`, `get(url, user?, lng?)`. */
export function requestsTo(app: () => TestApp) {
  const headers = (user: TestUser | undefined, lng: string) => ({ lng, ...(user?.headers ?? {}) });
  return {
    post: (url: string, payload: unknown, user?: TestUser, lng = 'en') =>
      app().inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: headers(user, lng) }),
    get: (url: string, user?: TestUser, lng = 'en') => app().inject({ method: 'GET', url, headers: headers(user, lng) }),
  };
}
