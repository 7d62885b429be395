// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { holdSignOut, leaveSignedOut, notifyUnauthorized, onUnauthorized } from './token-store';

describe('leaving signed out (the account was deleted)', () => {
  it('while the deletion runs, a 401 of another request waits; a failed deletion hands it over once', () => {
    const heard: string[] = [];
    const stop = onUnauthorized(() => heard.push('401'));
    const release = holdSignOut();
    notifyUnauthorized();
    notifyUnauthorized();
    expect(heard).toEqual([]);
    release();
    expect(heard).toEqual(['401']);
    holdSignOut()();
    expect(heard).toEqual(['401']);
    stop();
  });

  it('goes where it was told, and a 401 arriving meanwhile no longer signs out in place', () => {
    const heard: string[] = [];
    const stop = onUnauthorized(() => heard.push('401'));
    notifyUnauthorized();
    expect(heard).toEqual(['401']);

    document.cookie = 'plume_signed_in=1; path=/';
    leaveSignedOut('#home');
    expect(window.location.hash).toBe('#home');
    expect(document.cookie).not.toContain('plume_signed_in');
    notifyUnauthorized();
    expect(heard).toEqual(['401']);
    stop();
  });
});
