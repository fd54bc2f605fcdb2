import type { mail as english } from '../en/mail.js';
import { listNames } from './lists.js';

/**
 * Los correos que lee el cliente, de "usted", en el español que se habla en Estados Unidos. Las
 * fechas se escriben en español ("25 de noviembre de 2026", issue 32) y van con artículo, dentro
 * de la oración y no entre paréntesis: "hasta el 25 de noviembre de 2026", "que se le envió el
 * 21 de noviembre de 2026". Sin nombre de empresa, "Su contratista" va con mayúscula solo al
 * comienzo de una oración; tras dos puntos, también en los asuntos, va en minúscula.
 */
export const mail: typeof english = {
  fromName: (company) => `${company} vía TradeSign`,
  greeting: (name) => `Hola, ${name}:`,
  greetingWithoutName: 'Hola:',
  yourContractor: 'Su contratista',
  contacts: {
    questions: (company) => ['¿Tiene preguntas? Comuníquese con ', company ?? 'su contratista', ''],
    phone: 'Teléfono:',
    email: 'Correo electrónico:',
  },
  summary: {
    contract: 'Contrato',
    contractNumber: (id) => `n.º ${id}`,
    projectAddress: 'Dirección del proyecto',
    total: 'Total',
    paymentPlan: 'Calendario de pagos',
    stages: (count) => `${count} ${count === 1 ? 'etapa' : 'etapas'}`,
    signedByContractor: (company) => `Firmado por ${company ?? 'su contratista'}`,
    signedByClient: (client) => `Firmado por ${client ?? 'el cliente'}`,
  },
  signingRequest: {
    request: {
      subject: (company) => `${company ?? 'Su contratista'} le envió un contrato para firmar`,
      intro: (company) => [
        '',
        company ?? 'Su contratista',
        ' le envió un contrato para que lo revise y lo firme.',
      ],
      preheader: (id, date) =>
        `Tiene hasta el ${date} para revisar y firmar el contrato n.º ${id}.`,
    },
    reminder: {
      subject: (company) => `Recordatorio: ${company ?? 'su contratista'} está esperando su firma`,
      intro: (company) => [
        'Le recordamos que ',
        company ?? 'su contratista',
        ' le envió un contrato que todavía está pendiente de su firma.',
      ],
      preheader: (id, date) => `Puede firmar el contrato n.º ${id} hasta el ${date}.`,
    },
    newLink: {
      subject: (company) =>
        `${company ?? 'Su contratista'} le envió un nuevo enlace para firmar su contrato`,
      intro: (company) => [
        '',
        company ?? 'Su contratista',
        ' le envió un nuevo enlace para que revise y firme su contrato.',
      ],
      preheader: (id, date) =>
        `Tiene hasta el ${date} para revisar y firmar el contrato n.º ${id}.`,
    },
    changeOrder: {
      subject: (company, number, contractId) =>
        `${company ?? 'Su contratista'} le envió la Orden de cambio ${number} al Contrato n.º ${contractId} para firmar`,
      intro: (company, number, contractId) => [
        '',
        company ?? 'Su contratista',
        ` le ha enviado la Orden de cambio ${number} al Contrato n.º ${contractId} para que la revise y la firme.`,
      ],
      label: 'Orden de cambio',
      name: (number, contractId) => `Orden de cambio ${number} al Contrato n.º ${contractId}`,
      thisChange: 'Este cambio',
      newTotal: 'Nuevo total',
    },
    button: 'Revisar y firmar el contrato',
    linkLine: 'Revise y firme el contrato aquí:',
    expires: {
      before: 'Este enlace seguro es válido hasta el ',
      after: '. Es solo para usted: por favor, no reenvíe este correo.',
    },
    copyLink: 'Si el botón no funciona, copie este enlace y péguelo en su navegador:',
    replaces: {
      declined: (id, sentOn) =>
        `Este contrato reemplaza al contrato n.º ${id}, que se le envió el ${sentOn} y que usted rechazó.`,
      withdrawn: (id, sentOn, company) =>
        `Este contrato reemplaza al contrato n.º ${id}, que se le envió el ${sentOn} y que ${company ?? 'su contratista'} retiró.`,
      expired: (id, sentOn) =>
        `Este contrato reemplaza al contrato n.º ${id}, que se le envió el ${sentOn} y cuyo enlace de firma venció.`,
      oldLink: (id) =>
        `El enlace de firma del contrato n.º ${id} ya no funciona. Por favor, revise y firme este nuevo contrato en su lugar.`,
    },
  },
  signedCopy: {
    subjectForClient: (id, company) =>
      `Firmado: contrato n.º ${id} con ${company ?? 'su contratista'}`,
    subjectForContractor: (id, client) =>
      `Firmado: contrato n.º ${id}${client ? ` con ${client}` : ''}`,
    preheader: (id) =>
      `El contrato n.º ${id} ya está firmado por ambas partes. Le adjuntamos la copia firmada.`,
    preheaderForClient: (id) =>
      `El contrato n.º ${id} ya está firmado por todas las partes. Le adjuntamos la copia firmada.`,
    heading: 'El contrato está firmado',
    headingForClient: 'Firmado por todas las partes',
    leadForClient: (company) =>
      `Su contrato con ${company ?? 'su contratista'} ya está firmado por ambas partes.`,
    leadForContractor: (client, id) =>
      `${client || 'Su cliente'} firmó el contrato n.º ${id}. Ya está firmado por ambas partes.`,
    attached: {
      before: 'Le adjuntamos la copia firmada (',
      after: '). Consérvela para sus archivos.',
    },
    severalSigners: {
      names: listNames,
      preheader: (id) =>
        `El contrato n.º ${id} ya está firmado por todas las partes. Le adjuntamos la copia firmada.`,
      leadForClient: (company, everyone) =>
        `Su contrato con ${company ?? 'su contratista'} ya está firmado por todas las partes: ${everyone}.`,
      yourContractor: 'su contratista',
      leadForContractor: (names, id) =>
        `${names} firmaron el contrato n.º ${id}. Ya está firmado por todas las partes.`,
    },
  },
  withdrawnNotice: {
    subject: (company, id) => `${company ?? 'Su contratista'} retiró el contrato n.º ${id}`,
    preheader: (id) => `El contrato n.º ${id} fue retirado. No tiene que hacer nada.`,
    // La fecha va primero, con artículo ("El 25 de noviembre de 2026, ..."): así el nombre queda
    // en medio de la oración, y sin nombre de empresa, "su contratista" va en minúscula.
    withdrawn: (company, id, date) => [
      `El ${date}, `,
      company ?? 'su contratista',
      ` retiró el contrato n.º ${id}, que le había enviado para su firma. El enlace de firma ya no funciona y usted no tiene que hacer nada.`,
    ],
    reason: 'Motivo indicado:',
    questions:
      'Si tiene alguna pregunta, comuníquese con la empresa a través de los datos de contacto que aparecen abajo.',
  },
  signerDeclined: {
    subject: (name, id) => `${name} no firmó el contrato n.º ${id}`,
    preheader: (id) => `El contrato n.º ${id} no seguirá adelante tal como se envió.`,
    declined: (name, id, date) => [
      '',
      name,
      ` decidió no firmar el contrato n.º ${id} el ${date}. El contrato queda cerrado para todos y no seguirá adelante tal como se envió; los enlaces de firma ya no funcionan y usted no tiene que hacer nada.`,
    ],
    youSigned:
      'Usted ya lo había firmado. Un contrato que alguno de sus firmantes no firma no entra en vigor.',
    reason: 'Motivo indicado:',
    questions:
      'Es posible que su contratista le envíe un contrato nuevo. Si tiene alguna pregunta, comuníquese con la empresa a través de los datos de contacto que aparecen abajo.',
  },
};
