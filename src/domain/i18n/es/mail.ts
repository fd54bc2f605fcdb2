import type { mail as english } from '../en/mail.js';

/**
 * Los correos que lee el cliente, de "usted", en el español que se habla en Estados Unidos. Las
 * fechas conservan el formato estadounidense ("noviembre 25, 2026"), así que las frases evitan
 * "el noviembre 25": dicen "hasta noviembre 25, 2026" o las ponen tras dos puntos.
 */
export const mail: typeof english = {
  greeting: (name) => `Hola, ${name}:`,
  greetingWithoutName: 'Hola:',
  yourContractor: 'Su contratista',
  contacts: {
    questions: '¿Tiene preguntas? Comuníquese con',
    phone: 'Teléfono:',
    email: 'Correo electrónico:',
  },
  summary: {
    contract: 'Contrato',
    contractNumber: (id) => `n.º ${id}`,
    projectAddress: 'Dirección del proyecto',
    total: 'Total',
    paymentPlan: 'Plan de pagos',
    stages: (count) => `${count} ${count === 1 ? 'etapa' : 'etapas'}`,
    signedBy: (name) => `Firmado por ${name}`,
    theClient: 'el cliente',
  },
  signingRequest: {
    request: {
      subject: (company) => `${company} le envió un contrato para firmar`,
      intro: '{company} le envió un contrato para que lo revise y lo firme.',
      preheader: (id, date) => `Tiene hasta ${date} para revisar y firmar el contrato n.º ${id}.`,
    },
    reminder: {
      subject: (company) => `Recordatorio: ${company} está esperando su firma`,
      intro:
        'Le recordamos que {company} le envió un contrato que todavía está pendiente de su firma.',
      preheader: (id, date) => `El contrato n.º ${id} espera su firma hasta ${date}.`,
    },
    newLink: {
      subject: (company) => `${company} le envió un nuevo enlace para firmar su contrato`,
      intro: '{company} le envió un nuevo enlace para que revise y firme su contrato.',
      preheader: (id, date) => `Tiene hasta ${date} para revisar y firmar el contrato n.º ${id}.`,
    },
    button: 'Revisar y firmar el contrato',
    linkLine: 'Revise y firme el contrato aquí:',
    expires: {
      before: 'Este enlace seguro es válido hasta ',
      after: '. Es solo para usted: por favor, no reenvíe este correo.',
    },
    copyLink: 'Si el botón no funciona, copie este enlace y péguelo en su navegador:',
  },
  signedCopy: {
    subject: (id, other) => `Firmado: contrato n.º ${id}${other ? ` con ${other}` : ''}`,
    preheader: (id) =>
      `El contrato n.º ${id} ya está firmado por ambas partes. Le adjuntamos la copia firmada.`,
    heading: 'El contrato está firmado',
    leadForClient: (company) => `Su contrato con ${company} ya está firmado por ambas partes.`,
    leadForContractor: (client, id) =>
      `${client || 'Su cliente'} firmó el contrato n.º ${id}. Ya está firmado por ambas partes.`,
    attached: {
      before: 'Le adjuntamos la copia firmada (',
      after: '). Consérvela para sus archivos.',
    },
  },
  withdrawnNotice: {
    subject: (company, id) => `${company} retiró el contrato n.º ${id}`,
    preheader: (id) => `El contrato n.º ${id} fue retirado. No tiene que hacer nada.`,
    withdrawn: (id, date) =>
      ` retiró el contrato n.º ${id} que le había enviado para firmar (fecha de retiro: ${date}). El enlace para firmarlo ya no funciona y no tiene que hacer nada.`,
    reason: 'Motivo indicado:',
    questions:
      'Si tiene alguna pregunta, comuníquese con la empresa a través de los datos de contacto que aparecen abajo.',
  },
};
