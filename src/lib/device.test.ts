import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../test/user-agents.js';
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
});
