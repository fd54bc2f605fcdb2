import type { twoFactorMail as english } from '../en/two-factor-mail.js';

/** Los correos de la cuenta sobre la verificación en dos pasos, de "usted". */
export const twoFactorMail: typeof english = {
  greeting: 'Hola:',
  when: 'Cuándo',
  device: 'Dispositivo',
  address: 'Dirección',
  unknownDevice: 'Dispositivo desconocido',
  openSettings: 'Abrir la configuración de seguridad',
  enabled: {
    subject: 'Se activó la verificación en dos pasos',
    preheader:
      'Para iniciar sesión en TradeSign ahora se pide un código de su aplicación de autenticación.',
    intro: (email) =>
      `Se activó la verificación en dos pasos en su cuenta de TradeSign (${email}). A partir de ahora, para iniciar sesión se le pedirá su contraseña y luego un código de su aplicación de autenticación.`,
    advice:
      'Guarde sus códigos de recuperación en un lugar seguro, lejos de su teléfono: cada uno le permite entrar una vez si lo pierde. Si usted no la activó, inicie sesión, cambie su contraseña y revise el registro de seguridad.',
  },
  disabled: {
    subject: 'Se desactivó la verificación en dos pasos',
    preheader: 'Para iniciar sesión en TradeSign ahora solo se pide su contraseña.',
    intro: (email) =>
      `Se desactivó la verificación en dos pasos en su cuenta de TradeSign (${email}). Para iniciar sesión ahora solo se pide su contraseña, y sus códigos de recuperación ya no sirven.`,
    advice:
      'Si usted no la desactivó, es posible que alguien conozca su contraseña: inicie sesión, cámbiela y vuelva a activar la verificación en dos pasos.',
  },
  disabledAtServer: {
    subject: 'Se desactivó la verificación en dos pasos desde el servidor',
    preheader: 'Para iniciar sesión en TradeSign ahora solo se pide su contraseña.',
    intro: (email) =>
      `Quien administra su servidor de TradeSign desactivó la verificación en dos pasos en su cuenta (${email}), como se pide cuando se pierden el teléfono y los códigos de recuperación. Para iniciar sesión ahora solo se pide su contraseña.`,
    advice:
      'Vuelva a activarla en Configuración, Seguridad, con su nuevo teléfono. Si usted no lo pidió, avíseles de inmediato y cambie su contraseña.',
  },
  codesReplaced: {
    subject: 'Se reemplazaron sus códigos de recuperación',
    preheader: 'Se generaron nuevos códigos de recuperación; los anteriores ya no sirven.',
    intro: (email) =>
      `Se generaron nuevos códigos de recuperación para su cuenta de TradeSign (${email}). Los anteriores ya no sirven.`,
    advice:
      'Si usted no lo hizo, inicie sesión, cambie su contraseña y genere nuevos códigos de recuperación.',
  },
  codeUsed: {
    subject: 'Se usó un código de recuperación para iniciar sesión',
    preheader: 'Cada código de recuperación sirve una sola vez.',
    intro: (email, left) =>
      `Alguien inició sesión en su cuenta de TradeSign (${email}) con un código de recuperación. Ese código ya no sirve; ${left === 1 ? 'le queda un código' : `le quedan ${left} códigos`}.`,
    advice:
      'Si fue usted, genere nuevos códigos en la página Settings → Security cuando le queden pocos. Si no fue usted, inicie sesión, cambie su contraseña y genere nuevos códigos de recuperación.',
  },
  codeAlert: {
    subject: 'Es posible que alguien conozca su contraseña de TradeSign',
    preheader: 'La contraseña correcta y luego códigos incorrectos. Nadie entró.',
    intro: (email, failures) =>
      `Alguien escribió la contraseña correcta de su cuenta de TradeSign (${email}) y luego un código de verificación incorrecto ${failures} veces. Nadie entró: el código lo impidió.`,
    advice:
      'Si no fue usted, cambie su contraseña ahora. Recibe este correo como máximo una vez al día.',
  },
};
