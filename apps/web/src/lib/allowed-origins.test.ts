import { describe, expect, it } from 'vitest';
import { type AllowedOriginsConfig, isAllowedOrigin, parseProductHosts, toOrigin } from './allowed-origins';

const prod: AllowedOriginsConfig = {
  currentOrigin: 'https://studio.knap.example',
  productHosts: ['app.example.com', 'https://widget.example.org', 'http://partner.example:8443'],
  isDev: false,
};
const dev: AllowedOriginsConfig = { ...prod, productHosts: [], isDev: true };

describe('isAllowedOrigin', () => {
  it('accepts the current origin and the configured product hosts', () => {
    expect(isAllowedOrigin('https://studio.knap.example', prod)).toBe(true);
    expect(isAllowedOrigin('https://app.example.com', prod)).toBe(true);
    expect(isAllowedOrigin('https://widget.example.org', prod)).toBe(true);
    expect(isAllowedOrigin('http://partner.example:8443', prod)).toBe(true);
  });

  it('refuses look-alike origins', () => {
    for (const origin of [
      'https://app.example.com.evil.example',
      'https://evil-app.example.com',
      'https://app.example.com:444',
      'http://app.example.com',
      'https://studio.knap.example.evil.example',
      'https://sub.app.example.com',
      'https://app.example.co',
      'HTTPS://APP.EXAMPLE.COM.evil.example',
    ]) {
      expect(isAllowedOrigin(origin, prod), origin).toBe(false);
    }
  });

  it("refuses 'null', empty and foreign origins", () => {
    expect(isAllowedOrigin('null', prod)).toBe(false);
    expect(isAllowedOrigin('null', { ...prod, currentOrigin: 'null' })).toBe(false);
    expect(isAllowedOrigin('', prod)).toBe(false);
    expect(isAllowedOrigin('https://evil.example', prod)).toBe(false);
  });

  it('trusts localhost:8000 and :8080 in development only', () => {
    expect(isAllowedOrigin('http://localhost:8000', dev)).toBe(true);
    expect(isAllowedOrigin('http://localhost:8080', dev)).toBe(true);
    expect(isAllowedOrigin('http://localhost:8000', prod)).toBe(false);
    expect(isAllowedOrigin('http://localhost:8080', prod)).toBe(false);
    // Other ports, schemes and loopback spellings are not the dev servers.
    expect(isAllowedOrigin('http://localhost:3000', dev)).toBe(false);
    expect(isAllowedOrigin('https://localhost:8000', dev)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:8000', dev)).toBe(false);
    expect(isAllowedOrigin('http://localhost:8000.evil.example', dev)).toBe(false);
  });
});

describe('product host configuration', () => {
  it('reads a comma-separated list, empty by default', () => {
    expect(parseProductHosts(undefined)).toEqual([]);
    expect(parseProductHosts('')).toEqual([]);
    expect(parseProductHosts(' app.example.com, ,https://b.example ')).toEqual([
      'app.example.com',
      'https://b.example',
    ]);
  });

  it('turns a host into an exact https origin and ignores unusable entries', () => {
    expect(toOrigin('App.Example.com')).toBe('https://app.example.com');
    expect(toOrigin('https://app.example.com/')).toBe('https://app.example.com');
    expect(toOrigin('http://app.example.com:8080')).toBe('http://app.example.com:8080');
    expect(toOrigin('app.example.com/path')).toBeNull();
    expect(toOrigin('https://user:pw@app.example.com')).toBeNull();
    expect(toOrigin('javascript:alert(1)')).toBeNull();
    expect(toOrigin('ftp://app.example.com')).toBeNull();
    expect(toOrigin('   ')).toBeNull();
  });
});
