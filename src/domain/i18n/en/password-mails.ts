import type { AroundName } from './mail.js';

/**
 * The account's password mails (issue 34): the reset link, and the notice that the password was
 * changed. Written to the contractor about their own account, in the account's language.
 */
export const passwordMails = {
  /** A device the user agent says nothing about (a script, an empty header). */
  device: {
    on: (browser: string, place: string) => `${browser} on ${place}`,
    unknownBrowserOn: (place: string) => `Unknown browser on ${place}`,
    unknown: 'Unknown device',
    /** When no address was recorded. */
    unknownAddress: 'an unknown address',
  },
  reset: {
    subject: 'Reset your TradeSign password',
    preheader: (hours: number) =>
      `Choose a new password. The link works for ${hours === 1 ? '1 hour' : `${hours} hours`}, once.`,
    intro: (email: string): AroundName => [
      'Someone asked to reset the password of your TradeSign account, ',
      email,
      '. If it was you, choose a new password with the link below.',
    ],
    button: 'Choose a new password',
    linkLine: 'Choose a new password here:',
    copyLink: 'If the button does not work, copy this link into your browser:',
    expires: (hours: number, until: string) =>
      `The link works once, for ${hours === 1 ? '1 hour' : `${hours} hours`} (until ${until}). Asking again sends a new link and the older one stops working.`,
    askedFrom: (device: string, address: string) =>
      `It was asked for from ${device}, at the address ${address}.`,
    notYou:
      'If you did not ask, ignore this email: your password stays as it is, and the link is of no use to anyone without your mailbox.',
  },
  changed: {
    subject: 'Your TradeSign password was changed',
    preheader: 'If this was not you, reset your password now.',
    heading: 'Your password was changed',
    intro: (email: string): AroundName => [
      'The password of your TradeSign account, ',
      email,
      ', was changed.',
    ],
    how: 'How',
    howReset: 'With a link emailed to you',
    howChange: 'In Settings → Security',
    when: 'When',
    device: 'Device',
    address: 'Address',
    signedOutEverywhere: 'Every device that was signed in to your account has been signed out.',
    signedOutOthers: 'Every other device that was signed in to your account has been signed out.',
    ifYou: 'If this was you, there is nothing to do.',
    ifNotButton: 'Reset your password',
    ifNot:
      'If it was not you, reset your password now with the button below, then look in Settings → Security for devices you do not know.',
    ifNotLinkLine:
      'If it was not you, reset your password now, then look in Settings → Security for devices you do not know:',
    apiKeys:
      'API keys keep working after a password change. If you see a key in Settings → API that you did not make, revoke it.',
  },
};
