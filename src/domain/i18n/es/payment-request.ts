import type { Messages } from '../en/index.js';

/** Lo que el cliente lee cuando el contratista le pide una etapa posterior (issue 36). */
export const paymentRequest: Messages['paymentRequest'] = {
  mail: {
    subject: (amount, contractId) => `Solicitud de pago: ${amount} del contrato n.º ${contractId}`,
    preheader: (amount, company) =>
      `${company ?? 'Su contratista'} le solicita un pago de ${amount}. Puede pagar en línea en un minuto.`,
    intro: (company) => [
      '',
      company ?? 'Su contratista',
      ' le solicita el pago de la siguiente etapa de su contrato.',
    ],
    linkLine: 'Pague en línea aquí:',
    ways: 'Formas de pago',
    expires: (date) => `Este enlace es válido hasta el ${date}.`,
  },
  page: {
    title: (company) => `Pagar a ${company}`,
    heading: 'Solicitud de pago',
    secure:
      'El pago se hace en la página segura de Stripe. Los datos de su tarjeta o de su banco nunca llegan a su contratista ni a TradeSign.',
    unavailableTitle: 'No se pudo cargar este pago',
    unavailable: 'No pudimos cargar este pago en este momento. Inténtelo de nuevo en un minuto.',
    busy: 'Demasiados intentos desde esta conexión. Espere un minuto e inténtelo de nuevo.',
    invalidTitle: 'El enlace ya no es válido',
    backToPay: 'Volver al pago',
  },
};
