import Bowser from 'bowser';

export const UNKNOWN_DEVICE = 'Unknown device';

/** The words around the names, for an account mail in the account's language (issue 34). */
export interface DeviceWords {
  on(browser: string, place: string): string;
  unknownBrowserOn(place: string): string;
  unknown: string;
}

const ENGLISH_DEVICE_WORDS: DeviceWords = {
  on: (browser, place) => `${browser} on ${place}`,
  unknownBrowserOn: (place) => `Unknown browser on ${place}`,
  unknown: UNKNOWN_DEVICE,
};

/**
 * A browser and system in words, for the security log, the sessions list and the account mails
 * ("Chrome on Android", "Safari on iPhone"); "Unknown device" when the user agent says nothing
 * a person would recognise (a script, curl, an empty header). bowser reads the user agent; this
 * is the one place that knows it, so a small table of patterns could replace it. A mail in
 * another language passes that language's words; the names themselves are the products' own.
 */
export function describeDevice(
  userAgent: string | null | undefined,
  words: DeviceWords = ENGLISH_DEVICE_WORDS,
): string {
  const agent = userAgent?.trim();
  if (!agent) return words.unknown;
  const parser = Bowser.getParser(agent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  // An iPhone or an iPad says more to its owner than "iOS" does.
  const model = parser.getPlatform().model;
  const place = system === 'iOS' && model ? model : system;
  if (browser && place) return words.on(browser, place);
  if (browser) return browser;
  if (place) return words.unknownBrowserOn(place);
  return words.unknown;
}
