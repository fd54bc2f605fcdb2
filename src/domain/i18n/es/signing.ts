import type { signing as english } from '../en/signing.js';
import { consentNotices } from './consent-notice.js';
import { listNames } from './lists.js';

/**
 * La página de firma en español, redactada como se escriben en EE. UU. los documentos legales
 * para consumidores en español, no traducida palabra por palabra: «aviso», no «divulgación»;
 * «No firmar» para rechazar. El aviso de la Ley ESIGN está en consent-notice.ts.
 */
export const signing: typeof english = {
  // La orden de cambio es femenina: «firmada», «retirada», «rechazada».
  changeOrder: {
    pageTitle: (company) => `Firme su orden de cambio · ${company}`,
    pageDescription: 'Revise y firme su orden de cambio de forma segura.',
    banner: { title: 'Firma segura de la orden de cambio' },
    reviewHeading: 'Revise su orden de cambio',
    frameTitle: 'Orden de cambio',
    consent: { downloadPdf: 'Descargar esta orden de cambio (PDF)' },
    noScript: {
      message:
        'Puede leer la orden de cambio completa más arriba. Para firmarla, active JavaScript en ' +
        'la configuración de su navegador o abra este enlace en otro navegador.',
    },
    signButton: 'Firmar orden de cambio',
    toast: {
      signedTitle: '¡Orden de cambio firmada con éxito!',
      errorTitle: 'No se pudo firmar la orden de cambio',
    },
    done: {
      title: '¡Orden de cambio firmada!',
      message:
        'Gracias por firmar la orden de cambio. En breve recibirá una copia por correo electrónico.',
      signedContract: 'Orden de cambio firmada',
    },
    signers: {
      waitingMessage: (name) =>
        `Ya puede leer la orden de cambio. Le enviaremos un correo electrónico cuando ${name} haya firmado y sea su turno.`,
    },
    decline: {
      title: '¿Rechazar esta orden de cambio?',
      intro: (company) =>
        `Indique por qué rechaza la orden de cambio: ${company ?? 'el remitente'} recibirá su ` +
        'motivo por correo electrónico y podrá modificarla o darle seguimiento.',
      reasonMissing: 'Por favor, indique por qué rechaza la orden de cambio',
      confirm: 'Rechazar la orden de cambio',
    },
    closed: {
      declinedTitle: 'Orden de cambio rechazada',
      declinedMessage: (on, company) =>
        `Usted rechazó esta orden de cambio${on ? ` el ${on}` : ''}. ` +
        `${company ?? 'El remitente'} ya recibió la notificación.`,
      declinedByOther: (name, on, company) =>
        `${name} rechazó esta orden de cambio${on ? ` el ${on}` : ''}, así que no seguirá adelante tal como se envió. ` +
        `${company ?? 'El remitente'} ya recibió la notificación.`,
      withdrawnTitle: 'Orden de cambio retirada',
      withdrawnMessage: (company) => `${company ?? 'El remitente'} retiró esta orden de cambio.`,
    },
  },
  pageTitle: (company) => `Firme su contrato · ${company}`,
  pageDescription: 'Revise y firme su contrato de forma segura.',
  banner: {
    title: 'Firma segura del contrato',
    yourContractor: 'Su contratista',
    contractLine: (company, id) => `${company} · Contrato n.º ${id}`,
    preparedFor: (name) => `Preparado para ${name}`,
    total: 'Total:',
    changeOrderLine: (company, number, contractId) =>
      `${company} · Orden de cambio ${number} al Contrato n.º ${contractId}`,
    changeTotals: (change, total) => `Este cambio: ${change} · Nuevo total: ${total}`,
    questions: '¿Tiene preguntas? Comuníquese con el remitente',
    atPhone: 'al teléfono',
    atEmail: 'al correo electrónico',
    or: 'o',
  },
  language: { label: 'Idioma' },
  reviewHeading: 'Revise su contrato',
  frameTitle: 'Contrato',
  consent: {
    downloadPdf: 'Descargar este contrato (PDF)',
    notices: consentNotices,
  },
  signerName: {
    label: 'Su nombre completo',
    description: 'Tal como se imprimirá debajo de su firma.',
    missing: 'Por favor, escriba su nombre completo',
    tooLong: (most) => `Su nombre puede tener como máximo ${most} caracteres`,
  },
  refusals: {
    signatureMissing: 'Por favor, firme el contrato',
    consentVersionUnknown:
      'Esta página no está actualizada. Vuelva a cargarla, lea de nuevo el aviso y firme.',
    consentLanguageWrong:
      'El aviso que usted aceptó no está en el idioma de este contrato. Vuelva a cargar la ' +
      'página, lea de nuevo el aviso y firme.',
    consentChanged:
      'El aviso de arriba cambió después de que usted abrió esta página. Vuelva a cargar la ' +
      'página y lea de nuevo el aviso antes de firmar.',
    reload: 'Volver a cargar la página',
  },
  noScript: {
    title: 'Para firmar se necesita JavaScript.',
    message:
      'Puede leer el contrato completo más arriba. Para firmarlo, active JavaScript en la ' +
      'configuración de su navegador o abra este enlace en otro navegador.',
  },
  pad: {
    label: 'Firme abajo para aceptar',
    hint: 'Firme aquí',
    clear: 'Borrar',
    empty: 'sin firma',
    signed: 'firmado',
  },
  signButton: 'Firmar contrato',
  signingButton: 'Firmando...',
  signatureMissing: 'Por favor, firme arriba',
  consentMissing: 'Por favor, acepte firmar electrónicamente',
  toast: {
    signedTitle: '¡Contrato firmado con éxito!',
    signedMessage: 'Recibirá una copia por correo electrónico',
    errorTitle: 'No se pudo firmar el contrato',
    errorMessage: 'Por favor, inténtelo de nuevo',
    dismiss: 'Cerrar',
  },
  done: {
    title: '¡Contrato firmado!',
    message: 'Gracias por firmar el contrato. En breve recibirá una copia por correo electrónico.',
    signedOn: (when) => `Firmado el ${when}`,
    download: 'Descargar su copia firmada (PDF)',
    signedContract: 'Contrato firmado',
  },
  signers: {
    heading: 'Quiénes firman',
    you: (name) => `${name} (usted)`,
    waiting: 'Espera su turno',
    notYet: 'Aún no ha firmado',
    signedOn: (when) => `Firmó el ${when}`,
    declined: 'No firmó',
    signedNow: 'Firmó',
    waitingFor: (name) => `Debe firmar primero ${name}`,
    waitingMessage: (name) =>
      `Ya puede leer el contrato. Le enviaremos un correo electrónico cuando ${name} haya firmado y sea su turno.`,
    othersToSign: (names) =>
      `Falta la firma de ${names}. Todos recibirán la copia firmada por correo electrónico cuando hayan firmado todos.`,
    names: listNames,
  },
  decline: {
    button: 'No firmar',
    title: '¿Rechazar este contrato?',
    intro: (company) =>
      `Indique por qué rechaza el contrato: ${company ?? 'el remitente'} recibirá su motivo por ` +
      'correo electrónico y podrá modificar el contrato o darle seguimiento.',
    reasonLabel: 'Su motivo',
    reasonMissing: 'Por favor, indique por qué rechaza el contrato',
    counter: (count, most) => `${count} / ${most} caracteres`,
    reasonTooShort: (least) => `El motivo debe tener al menos ${least} caracteres`,
    reasonTooLong: (most) => `El motivo puede tener como máximo ${most} caracteres`,
    keepReviewing: 'Seguir revisando',
    confirm: 'Rechazar el contrato',
    declining: 'Rechazando...',
    failed: 'No pudimos enviar su respuesta. Revise su conexión a internet e inténtelo de nuevo.',
    busy: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
  },
  closed: {
    invalidTitle: 'Enlace no válido o vencido',
    invalidMessage:
      'Este enlace de firma ya no es válido. Comuníquese con el remitente para pedir un enlace ' +
      'nuevo.',
    declinedTitle: 'Contrato rechazado',
    declinedMessage: (on, company) =>
      `Usted rechazó este contrato${on ? ` el ${on}` : ''}. ` +
      `${company ?? 'El remitente'} ya recibió la notificación.`,
    declinedByOther: (name, on, company) =>
      `${name} rechazó este contrato${on ? ` el ${on}` : ''}, así que no seguirá adelante tal como se envió. ` +
      `${company ?? 'El remitente'} ya recibió la notificación.`,
    withdrawnTitle: 'Contrato retirado',
    withdrawnMessage: (company) => `${company ?? 'El remitente'} retiró este contrato.`,
    reason: (reason) => `Motivo: ${reason}`,
    contact: (company) => `Comuníquese con ${company ?? 'el remitente'}:`,
  },
  unavailable: {
    title: 'No se pudo cargar el contrato',
    message: 'No pudimos cargar su contrato en este momento. Inténtelo de nuevo en un minuto.',
    retry: 'Intentar de nuevo',
  },
};
