import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('TRUST_PROXY is how many proxies are trusted: true is one, false or unset none, a number that many', () => {
    const hops = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect([hops(undefined), hops(''), hops('false'), hops('0'), hops('true'), hops('1'), hops('2')]).toEqual([0, 0, 0, 0, 1, 1, 2]);
    expect(() => hops('yes')).toThrow(/TRUST_PROXY/);
  });
});
