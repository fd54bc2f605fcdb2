import type { ChangeOrderRef, mail as english } from '../en/mail.js';
import { listNames } from './lists.js';

/**
 * Los correos que lee el cliente, de "usted", en el español que se habla en Estados Unidos. Las
 * fechas se escriben en español ("25 de noviembre de 2026", issue 32) y van con artículo, dentro
 * de la oración y no entre paréntesis: "hasta el 25 de noviembre de 2026", "que se le envió el
 * 21 de noviembre de 2026". Sin nombre de empresa, "Su contratista" va con mayúscula solo al
 * comienzo de una oración; tras dos puntos, también en los asuntos, va en minúscula.
 */
/** «Orden de cambio 2 al Contrato n.º 12»: femenina, con artículo en la oración («la»). */
const changeOrderName = (co: ChangeOrderRef) =>
  `Orden de cambio ${co.number} al Contrato n.º ${co.contractId}`;

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
      request: {
        subject: (company, co) =>
          `${company ?? 'Su contratista'} le envió la ${changeOrderName(co)} para firmar`,
        intro: (company, co) => [
          '',
          company ?? 'Su contratista',
          ` le ha enviado la ${changeOrderName(co)} para que la revise y la firme.`,
        ],
        preheader: (co, date) =>
          `Tiene hasta el ${date} para revisar y firmar la ${changeOrderName(co)}.`,
      },
      reminder: {
        subject: (company, co) =>
          `Recordatorio: ${company ?? 'su contratista'} está esperando su firma de la ${changeOrderName(co)}`,
        intro: (company, co) => [
          'Le recordamos que ',
          company ?? 'su contratista',
          ` le envió la ${changeOrderName(co)}, que todavía está pendiente de su firma.`,
        ],
        preheader: (co, date) => `Puede firmar la ${changeOrderName(co)} hasta el ${date}.`,
      },
      newLink: {
        subject: (company, co) =>
          `${company ?? 'Su contratista'} le envió un nuevo enlace para firmar la ${changeOrderName(co)}`,
        intro: (company, co) => [
          '',
          company ?? 'Su contratista',
          ` le envió un nuevo enlace para que revise y firme la ${changeOrderName(co)}.`,
        ],
        preheader: (co, date) =>
          `Tiene hasta el ${date} para revisar y firmar la ${changeOrderName(co)}.`,
      },
      label: 'Orden de cambio',
      name: changeOrderName,
      thisChange: 'Este cambio',
      newTotal: 'Nuevo total',
      button: 'Revisar y firmar la orden de cambio',
      linkLine: 'Revise y firme la orden de cambio aquí:',
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
  signedCopyOfChangeOrder: {
    subjectForClient: (co, company) =>
      `Firmada: ${changeOrderName(co)} con ${company ?? 'su contratista'}`,
    subjectForContractor: (co, client) =>
      `Firmada: ${changeOrderName(co)}${client ? ` con ${client}` : ''}`,
    preheader: (co) =>
      `La ${changeOrderName(co)} ya está firmada por ambas partes. Le adjuntamos la copia firmada.`,
    preheaderForClient: (co) =>
      `La ${changeOrderName(co)} ya está firmada por todas las partes. Le adjuntamos la copia firmada.`,
    heading: 'La orden de cambio está firmada',
    leadForClient: (co, company) =>
      `La ${changeOrderName(co)} con ${company ?? 'su contratista'} ya está firmada por ambas partes.`,
    leadForContractor: (client, co) =>
      `${client || 'Su cliente'} firmó la ${changeOrderName(co)}. Ya está firmada por ambas partes.`,
    leadForClientOfSeveral: (co, company, everyone) =>
      `La ${changeOrderName(co)} con ${company ?? 'su contratista'} ya está firmada por todas las partes: ${everyone}.`,
    leadForContractorOfSeveral: (names, co) =>
      `${names} firmaron la ${changeOrderName(co)}. Ya está firmada por todas las partes.`,
    label: 'Orden de cambio',
    newTotal: 'Nuevo total',
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
    changeOrder: {
      subject: (company, co) => `${company ?? 'Su contratista'} retiró la ${changeOrderName(co)}`,
      preheader: (co) => `La ${changeOrderName(co)} fue retirada. No tiene que hacer nada.`,
      withdrawn: (company, co, date) => [
        `El ${date}, `,
        company ?? 'su contratista',
        ` retiró la ${changeOrderName(co)}, que le había enviado para su firma. El enlace de firma ya no funciona, el Contrato n.º ${co.contractId} sigue tal como estaba y usted no tiene que hacer nada.`,
      ],
    },
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
    changeOrder: {
      subject: (name, co) => `${name} no firmó la ${changeOrderName(co)}`,
      preheader: (co) => `La ${changeOrderName(co)} no seguirá adelante tal como se envió.`,
      declined: (name, co, date) => [
        '',
        name,
        ` decidió no firmar la ${changeOrderName(co)} el ${date}. La orden de cambio queda cerrada para todos y no seguirá adelante tal como se envió; el Contrato n.º ${co.contractId} sigue tal como estaba. Los enlaces de firma ya no funcionan y usted no tiene que hacer nada.`,
      ],
      youSigned:
        'Usted ya la había firmado. Una orden de cambio que alguno de sus firmantes no firma no entra en vigor.',
      questions:
        'Es posible que su contratista le envíe una orden de cambio nueva. Si tiene alguna pregunta, comuníquese con la empresa a través de los datos de contacto que aparecen abajo.',
    },
  },
};
