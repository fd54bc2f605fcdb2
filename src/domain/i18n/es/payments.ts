import type { Messages } from '../en/index.js';

/** Lo que el cliente lee sobre el pago (issue 36). */
export const payments: Messages['payments'] = {
  lineItem: (contractId, label, deposit) =>
    `Contrato n.º ${contractId}, ${label}${deposit && !/dep[o\u00f3]sito|deposit/i.test(label) ? ': depósito' : ''}`,
  depositDue: (amount) => `Al firmar, se debe pagar un depósito de ${amount}.`,
  payDeposit: (amount) => `Pagar ahora el depósito de ${amount}`,
  payStage: (amount) => `Pagar ${amount}`,
  payLater: 'Pagar más tarde',
  payLaterNote: 'Puede pagar cuando quiera desde el enlace de su correo electrónico.',
  opening: 'Abriendo la página de pago segura…',
  couldNotOpen: 'No se pudo abrir la página de pago. Inténtelo de nuevo en un minuto.',
  stageDue: (label, contractId) => `${label} del contrato n.º ${contractId}`,
  requestedBy: (company) => `${company ?? 'Su contratista'} le solicita este pago.`,
  received: 'Pago recibido',
  receivedBody: (amount, contractId) =>
    `Gracias. Recibimos ${amount} del contrato n.º ${contractId}. Le enviamos un recibo por correo electrónico.`,
  processing: 'Pago en proceso',
  processingBody: (amount) =>
    `Su pago bancario de ${amount} está en camino. Las transferencias bancarias tardan unos días; recibirá un recibo por correo electrónico cuando se acrediten.`,
  notPaid: 'Aún no se pagó',
  notPaidBody: 'No se hizo ningún cargo. Puede pagar cuando esté listo.',
  alreadyPaid: 'Este pago ya se hizo. Gracias.',
  signFirst: 'Primero firme el contrato: el depósito se paga después de firmar.',
  linkInvalid: 'Este enlace de pago ya no es válido. Pida uno nuevo a su contratista.',
  methods: {
    card: 'Tarjeta',
    us_bank_account: 'Cuenta bancaria (ACH)',
    cash: 'Efectivo',
    check: 'Cheque',
    other: 'Otro',
  },
  correction: {
    subject: (amount, contractId) =>
      `Corrección: el pago de ${amount} del contrato n.º ${contractId}`,
    preheader: (company) => `${company ?? 'Su contratista'} corrigió un pago que había registrado.`,
    body: (company, amount, stage, receipt) =>
      `${company ?? 'Su contratista'} registró por error un pago de ${amount} por ${stage} y lo anuló. El recibo ${receipt} ya no es válido.`,
    ifPaid: 'Si usted sí hizo este pago, comuníquese con la empresa.',
  },
  receipt: {
    subject: (amount, contractId) => `Recibo: ${amount} del contrato n.º ${contractId}`,
    preheader: (amount, company) => `${company ?? 'Su contratista'} recibió ${amount}. Gracias.`,
    thanks: (amount, company) =>
      `${company ?? 'Su contratista'} recibió su pago de ${amount}. Gracias.`,
    amount: 'Importe',
    stage: 'Concepto',
    contract: 'Contrato',
    method: 'Forma de pago',
    date: 'Fecha',
    receiptNumber: 'Recibo',
    keep: 'Guarde este correo electrónico como recibo.',
  },
};
