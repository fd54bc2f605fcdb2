import type { accountEmail as english } from '../en/account-email.js';

/** Los correos sobre el correo de inicio de sesión de la cuenta: verificarlo y cambiarlo. */
export const accountEmail: typeof english = {
  greeting: 'Hola:',
  verification: {
    subject: 'Confirme su correo electrónico para TradeSign',
    preheader: 'Un clic y podrá enviar su primer contrato.',
    intro: (email) =>
      `Le damos la bienvenida a TradeSign. Confirme que ${email} es su correo electrónico y podrá enviar su primer contrato a un cliente.`,
    button: 'Confirmar mi correo electrónico',
    linkLine: 'Confirme su correo electrónico:',
    expires: (when) =>
      `El enlace funciona una sola vez, hasta el ${when}. Si ya venció, inicie sesión y pida uno nuevo.`,
    notYou: 'Si usted no se registró en TradeSign, ignore este correo: sin el enlace no pasa nada.',
  },
  changeConfirm: {
    subject: 'Confirme su nuevo correo de inicio de sesión en TradeSign',
    preheader: 'Confirme esta dirección y desde ahora iniciará sesión en TradeSign con ella.',
    intro: (email) =>
      `Usted pidió iniciar sesión en TradeSign con ${email} desde ahora. Confírmelo y reemplazará su correo de inicio de sesión actual.`,
    button: 'Confirmar el nuevo correo',
    linkLine: 'Confirme el nuevo correo:',
    expires: (when) => `El enlace funciona una sola vez, hasta el ${when}.`,
    notYou: 'Si usted no lo pidió, ignore este correo: sin el enlace no cambia nada.',
  },
  changeNotice: {
    subject: 'Su correo de inicio de sesión en TradeSign está por cambiar',
    preheader: 'Si no fue usted, cambie su contraseña.',
    intro: (masked) =>
      `Alguien pidió cambiar su correo de inicio de sesión en TradeSign a ${masked}. Si no fue usted, cambie su contraseña.`,
    until: (when) =>
      `Nada cambia a menos que se abra el enlace que enviamos a esa dirección, a más tardar el ${when}. Quien lo pidió conocía su contraseña: si la cambia ahora, ese enlace deja de funcionar.`,
    button: 'Cambiar su contraseña',
    linkLine: 'Cambie su contraseña en Configuración, Seguridad:',
  },
  changeTaken: {
    subject: 'Esta dirección ya tiene una cuenta de TradeSign',
    preheader: 'No se cambió nada.',
    intro:
      'Alguien pidió usar esta dirección como correo de inicio de sesión de otra cuenta de TradeSign. Esta dirección ya tiene su propia cuenta, así que no se cambió nada.',
    ifYou: 'Si fue usted, inicie sesión con esta dirección. Si no fue usted, ignore este correo.',
    button: 'Iniciar sesión en TradeSign',
    linkLine: 'Inicie sesión en TradeSign:',
  },
  changed: {
    subject: 'Se cambió su correo de inicio de sesión en TradeSign',
    preheader: 'Desde ahora, inicie sesión con la nueva dirección.',
    intro: (masked, when) =>
      `El correo de inicio de sesión de su cuenta de TradeSign se cambió a ${masked} el ${when}. Desde ahora inicia sesión con la nueva dirección, y los correos sobre su cuenta llegan allí.`,
    notYou:
      'Si no fue usted, alguien que conoce su contraseña tiene su cuenta: pida de inmediato a quien administra su servidor de TradeSign que restablezca su correo.',
  },
};
