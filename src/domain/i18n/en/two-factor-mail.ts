/**
 * The account mails about two-step sign-in (issue 34, docs/decisions/042), in the account's
 * language. Each says what changed, when, on what device and from where, and what to do if it
 * was not the reader.
 */
export const twoFactorMail = {
  greeting: 'Hello,',
  when: 'When',
  device: 'Device',
  address: 'Address',
  unknownDevice: 'Unknown device',
  openSettings: 'Open Security settings',
  enabled: {
    subject: 'Two-step sign-in was turned on',
    preheader: 'Signing in to TradeSign now asks for a code from your authenticator app.',
    intro: (email: string) =>
      `Two-step sign-in was turned on for your TradeSign account (${email}). From now on, signing in asks for your password and then a code from your authenticator app.`,
    advice:
      'Keep your recovery codes somewhere safe, apart from your phone: each one lets you in once if you lose it. If you did not turn this on, sign in, change your password and read the security log.',
  },
  disabled: {
    subject: 'Two-step sign-in was turned off',
    preheader: 'Signing in to TradeSign now asks for your password only.',
    intro: (email: string) =>
      `Two-step sign-in was turned off for your TradeSign account (${email}). Signing in now asks for your password only, and your recovery codes no longer work.`,
    advice:
      'If you did not turn it off, someone may know your password: sign in, change it, and turn two-step sign-in on again.',
  },
  /** Turned off by whoever runs the server (`tradesign disable-2fa`), at the person's request. */
  disabledAtServer: {
    subject: 'Two-step sign-in was turned off at the server',
    preheader: 'Signing in to TradeSign now asks for your password only.',
    intro: (email: string) =>
      `Whoever runs your TradeSign server turned two-step sign-in off for your account (${email}), as asked when a phone and its recovery codes are lost. Signing in now asks for your password only.`,
    advice:
      'Turn it on again in Settings, Security, with your new phone. If you did not ask for this, tell them at once and change your password.',
  },
  codesReplaced: {
    subject: 'Your recovery codes were replaced',
    preheader: 'New recovery codes were made; the old ones no longer work.',
    intro: (email: string) =>
      `New recovery codes were made for your TradeSign account (${email}). The old ones no longer work.`,
    advice: 'If you did not do this, sign in, change your password and make new recovery codes.',
  },
  codeUsed: {
    subject: 'A recovery code was used to sign in',
    preheader: 'Each recovery code works once.',
    intro: (email: string, left: number) =>
      `Someone signed in to your TradeSign account (${email}) with a recovery code. That code no longer works; ${left === 1 ? 'one code is' : `${left} codes are`} left.`,
    advice:
      'If this was you, make new recovery codes in Settings → Security when few are left. If it was not, sign in, change your password and make new recovery codes.',
  },
  codeAlert: {
    subject: 'Someone may know your TradeSign password',
    preheader: 'The right password, then wrong two-step codes. Nobody got in.',
    intro: (email: string, failures: number) =>
      `Someone entered the right password for your TradeSign account (${email}), then a wrong two-step code ${failures} times. Nobody got in: the code stopped them.`,
    advice: 'If this was not you, change your password now. You get this email at most once a day.',
  },
};
