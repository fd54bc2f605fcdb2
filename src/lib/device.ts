import Bowser from 'bowser';

/**
 * A browser and system in words, for the security log, the sessions list and the account mails
 * ("Chrome on Android", "Safari on iPhone"); "Unknown device" when the user agent says nothing
 * a person would recognise (a script, curl, an empty header). bowser reads the user agent; this
 * is the one place that knows it, so a small table of patterns could replace it.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim();
  if (!agent) return UNKNOWN_DEVICE;
  const parser = Bowser.getParser(agent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  // An iPhone or an iPad says more to its owner than "iOS" does.
  const model = parser.getPlatform().model;
  const place = system === 'iOS' && model ? model : system;
  if (browser && place) return `${browser} on ${place}`;
  if (browser) return browser;
  if (place) return `Unknown browser on ${place}`;
  return UNKNOWN_DEVICE;
}

export const UNKNOWN_DEVICE = 'Unknown device';
