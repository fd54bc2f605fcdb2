import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../test/user-agents.js';
import { messagesFor } from '../domain/i18n/catalogue.js';
import { describeDevice } from './device.js';

describe('describeDevice', () => {
  it.each([
    [USER_AGENTS.chromeOnAndroid, 'Chrome on Android'],
    [USER_AGENTS.safariOnIphone, 'Safari on iPhone'],
    [USER_AGENTS.firefoxOnWindows, 'Firefox on Windows'],
  ])('names a browser and its system as its owner would: %s', (userAgent, words) => {
    expect(describeDevice(userAgent)).toBe(words);
  });

  it.each([USER_AGENTS.curl, '', '   ', null, undefined])(
    'says "Unknown device" for what no person would recognise: %s',
    (userAgent) => {
      expect(describeDevice(userAgent)).toBe('Unknown device');
    },
  );

  it('says it in Spanish for a Spanish account mail, keeping the products’ names', () => {
    const spanish = messagesFor('es').passwordMails.device;
    expect(describeDevice(USER_AGENTS.safariOnIphone, spanish)).toBe('Safari en iPhone');
    expect(describeDevice(USER_AGENTS.curl, spanish)).toBe('Dispositivo desconocido');
  });
});
