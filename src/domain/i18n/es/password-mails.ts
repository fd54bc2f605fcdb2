import type { passwordMails as english } from '../en/password-mails.js';

/**
 * Los correos de la contraseña de la cuenta: el enlace para restablecerla y el aviso de que se
 * cambió. De "usted", como los demás correos (docs/decisions/039). La aplicación del contratista
 * está en inglés: sus páginas se nombran como las ve ("Settings → Security").
 */
export const passwordMails: typeof english = {
  device: {
    on: (browser, place) => `${browser} en ${place}`,
    unknownBrowserOn: (place) => `Navegador desconocido en ${place}`,
    unknown: 'Dispositivo desconocido',
    unknownAddress: 'una dirección IP desconocida',
  },
  reset: {
    subject: 'Restablezca su contraseña de TradeSign',
    preheader: (hours) =>
      `Elija una nueva contraseña. El enlace funciona una sola vez, durante ${hours === 1 ? '1 hora' : `${hours} horas`}.`,
    intro: (email) => [
      'Alguien pidió restablecer la contraseña de su cuenta de TradeSign, ',
      email,
      '. Si fue usted, elija una nueva contraseña con el enlace de abajo.',
    ],
    button: 'Elegir una nueva contraseña',
    linkLine: 'Elija una nueva contraseña aquí:',
    copyLink: 'Si el botón no funciona, copie este enlace y péguelo en su navegador:',
    expires: (hours, until) =>
      `El enlace funciona una sola vez, durante ${hours === 1 ? '1 hora' : `${hours} horas`} (hasta el ${until}). Si lo pide de nuevo, le enviaremos un enlace nuevo y el anterior dejará de funcionar.`,
    askedFrom: (device, address) => `Se pidió desde ${device}, en la dirección IP ${address}.`,
    notYou:
      'Si no lo pidió usted, ignore este correo: su contraseña sigue siendo la misma y el enlace no le sirve a nadie que no tenga acceso a su correo.',
  },
  changed: {
    subject: 'Se cambió la contraseña de su cuenta de TradeSign',
    preheader: 'Si no fue usted, restablezca su contraseña ahora.',
    heading: 'Se cambió su contraseña',
    intro: (email) => ['Se cambió la contraseña de su cuenta de TradeSign, ', email, '.'],
    how: 'Cómo',
    howReset: 'Con un enlace que se le envió por correo electrónico',
    howChange: 'En Settings → Security (Configuración → Seguridad)',
    when: 'Cuándo',
    device: 'Dispositivo',
    address: 'Dirección IP',
    signedOutEverywhere: 'Se cerró la sesión en todos los dispositivos conectados a su cuenta.',
    signedOutOthers: 'Se cerró la sesión en todos los demás dispositivos conectados a su cuenta.',
    ifYou: 'Si fue usted, no tiene que hacer nada.',
    ifNotButton: 'Restablecer su contraseña',
    ifNot:
      'Si no fue usted, restablezca su contraseña ahora con el botón de abajo y luego revise en Settings → Security (Configuración → Seguridad) si hay dispositivos que no reconoce.',
    ifNotLinkLine:
      'Si no fue usted, restablezca su contraseña ahora y luego revise en Settings → Security (Configuración → Seguridad) si hay dispositivos que no reconoce:',
    apiKeys:
      'Las claves de API siguen funcionando después de un cambio de contraseña. Si ve en Settings → API una clave que usted no creó, revóquela.',
  },
};
