/**
 * The mails about an account's sign-in email (issue 34): the link that verifies it, and the
 * mails of a change (the link to the new address, the notices to the old one). Each mail is
 * paragraphs, at most one button (with the text part's line above its link), then closing
 * lines; `when` is a time on the company's clock.
 */
export const accountEmail = {
  greeting: 'Hello,',
  verification: {
    subject: 'Confirm your email address for TradeSign',
    preheader: 'One click, and you can send your first contract.',
    intro: (email: string) =>
      `Welcome to TradeSign. Confirm that ${email} is your email address, and you can send your first contract to a client.`,
    button: 'Confirm my email address',
    linkLine: 'Confirm your email address:',
    expires: (when: string) =>
      `The link works once, until ${when}. If it has expired, sign in and ask for a new one.`,
    notYou:
      'If you did not sign up for TradeSign, ignore this email: nothing happens without the link.',
  },
  changeConfirm: {
    subject: 'Confirm your new TradeSign sign-in email',
    preheader: 'Confirm this address, and you sign in to TradeSign with it from now on.',
    intro: (email: string) =>
      `You asked to sign in to TradeSign with ${email} from now on. Confirm it, and it replaces your current sign-in email.`,
    button: 'Confirm the new email',
    linkLine: 'Confirm the new email:',
    expires: (when: string) => `The link works once, until ${when}.`,
    notYou: 'If you did not ask for this, ignore this email: nothing changes without the link.',
  },
  changeNotice: {
    subject: 'Your TradeSign sign-in email is about to change',
    preheader: 'If this was not you, change your password.',
    intro: (masked: string) =>
      `Someone asked to change your TradeSign sign-in email to ${masked}. If this was not you, change your password.`,
    until: (when: string) =>
      `Nothing changes unless the link we sent to that address is followed, by ${when}. Whoever asked knew your password: changing it now makes that link stop working.`,
    button: 'Change your password',
    linkLine: 'Change your password in Settings, Security:',
  },
  changeTaken: {
    subject: 'This address already has a TradeSign account',
    preheader: 'Nothing was changed.',
    intro:
      'Someone asked to make this address the sign-in email of another TradeSign account. This address already has an account of its own, so nothing was changed.',
    ifYou:
      'If that was you, sign in with this address instead. If it was not you, ignore this email.',
    button: 'Sign in to TradeSign',
    linkLine: 'Sign in to TradeSign:',
  },
  changed: {
    subject: 'Your TradeSign sign-in email was changed',
    preheader: 'From now on, sign in with the new address.',
    intro: (masked: string, when: string) =>
      `The sign-in email of your TradeSign account was changed to ${masked} on ${when}. From now on you sign in with the new address, and mails about your account go there.`,
    notYou:
      'If this was not you, someone who knows your password has your account: ask whoever runs your TradeSign server to restore your email at once.',
  },
};
