/** The browser's own time zone, what onboarding offers first; null when it gives none. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone || null;
}

/** `CST`, or `GMT+1` where the zone has no common abbreviation, as of now. */
function abbreviationNow(timeZone: string): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

export interface TimeZoneOption {
  value: string;
  /** `America/New York (EST)`: found by typing the city, the region or the abbreviation. */
  label: string;
}

let options: TimeZoneOption[] | null = null;

/**
 * Every zone the browser knows (Intl.supportedValuesOf), plus UTC and the zone already chosen,
 * which a browser's list may name differently (`Asia/Calcutta` and `Asia/Kolkata`).
 */
export function timeZoneOptions(current: string | null): TimeZoneOption[] {
  options ??= [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].map((zone) => ({
    value: zone,
    label: `${zone.replaceAll('_', ' ')} (${abbreviationNow(zone)})`,
  }));
  if (!current || options.some((option) => option.value === current)) return options;
  return [
    { value: current, label: `${current.replaceAll('_', ' ')} (${abbreviationNow(current)})` },
    ...options,
  ];
}
