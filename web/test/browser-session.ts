/**
 * What the browser does for a page signed in as `user`: its cookie jar holds the HttpOnly session cookie the server set
 * at login, sends it with every call to the server and keeps the rotated one (Node's fetch has no jar), and the page's
 * marker cookie says it is signed in. `endBrowserSession` undoes it (after each test).
 */
const realFetch = globalThis.fetch;

export function browserSignedInAs(user: { token: string }): void {
  let token = user.token;
  document.cookie = 'plume_signed_in=1; path=/';
  globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', `plume_token=${token}`);
    const response = await realFetch(input, { ...init, headers });
    const rotated = response.headers.getSetCookie().find((c) => c.startsWith('plume_token='));
    if (rotated) token = rotated.slice('plume_token='.length).split(';')[0]!;
    return response;
  };
}

export function endBrowserSession(): void {
  globalThis.fetch = realFetch;
  document.cookie = 'plume_signed_in=; path=/; max-age=0';
}
