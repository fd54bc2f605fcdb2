import { nameAfter, type events as english } from '../en/events.js';
import { REPLACED_BY_REVISION } from '../../contract-lifecycle.js';
import { dates } from './dates.js';

/** "a Alex Rivera", "a Alex Rivera y Jordan Rivera", "a Alex, Jordan y Sam"; sin nombres: al cliente. */
function toNames(names: readonly string[]): string {
  if (names.length === 0) return 'al cliente';
  if (names.length === 1) return `a ${names[0] ?? ''}`;
  return `a ${names.slice(0, -1).join(', ')} y ${names.at(-1) ?? ''}`;
}

/**
 * Las líneas del certificado de firmas y del historial en HTML, en palabras sencillas. Las
 * fechas se escriben en español ("28 de noviembre de 2026", issue 32).
 */
export const events: typeof english = {
  words: {
    created: 'Borrador creado',
    updated: 'Borrador actualizado',
    signed_by_contractor: 'Firmado por el contratista',
    sent: 'Enviado al cliente para su firma',
    email_sent: 'Correo entregado al servidor de correo',
    email_failed: 'No se pudo entregar el correo',
    viewed: 'Abierto por el cliente',
    unsigned_copy_downloaded: 'Copia sin firmar del contrato (PDF) descargada por el cliente',
    consented: 'El cliente aceptó firmar electrónicamente',
    signed_by_client: 'Firmado por el cliente',
    completed: 'Firmado por todas las partes',
    sealed_copy_sent: 'PDF sellado enviado a todas las partes tras un reintento',
    reminder_sent: 'Recordatorio enviado al cliente por correo con un nuevo enlace de firma',
    link_extended: 'Nuevo enlace de firma enviado al cliente por correo',
    expired: 'El enlace de firma venció',
    declined: 'Rechazado por el cliente',
    voided: 'Retirado por el contratista',
    revised: 'Sustituido por una revisión',
    language_changed: 'El cliente cambió el idioma de la página de firma',
    payment_requested: 'Pago solicitado por correo',
    payment_succeeded: 'Pago recibido en línea',
    payment_processing: 'Pago bancario iniciado',
    payment_failed: 'El pago bancario no se completó',
    payment_refunded: 'Pago reembolsado',
    payment_recorded: 'Pago registrado por el contratista',
    payment_undone: 'Pago registrado anulado',
  },
  // `month` cuenta desde 0 aquí y desde 1 en dates.longDate: los mismos meses, una sola lista.
  day: (year, month, day) => dates.longDate(year, month + 1, day),
  languageNames: { en: 'inglés', es: 'español' },
  reminderSent: (reminder, automatic, to) =>
    `Recordatorio ${reminder} enviado ${automatic ? 'automáticamente' : 'por el contratista'} ${toNames(to)} por correo, con un nuevo enlace de firma`,
  newLinkSentTo: (to) => `Nuevo enlace de firma enviado por correo ${toNames(to)}`,
  through: (link) =>
    link.purpose === 'extension'
      ? `mediante el nuevo enlace enviado el ${link.emailedOn}`
      : link.purpose === 'reminder'
        ? link.reminder === null
          ? `mediante un recordatorio enviado el ${link.emailedOn}`
          : `mediante el recordatorio ${link.reminder}, enviado el ${link.emailedOn}`
        : `mediante la solicitud de firma enviada el ${link.emailedOn}`,
  validUntil: (day) => `válido hasta el ${day}`,
  deadlineMovedWithoutEmail: (day) =>
    `Plazo para firmar prorrogado hasta el ${day}; no se envió ningún correo al cliente`,
  reason: (reason) =>
    reason === REPLACED_BY_REVISION ? 'Sustituido por un contrato revisado' : reason,
  revisedAs: (id) => `Sustituido por una revisión, el contrato n.º ${id}`,
  createdAsRevisionOf: (id) => `Borrador creado como revisión del contrato n.º ${id}`,
  createdAsCopyOf: (id) => `Borrador creado como copia del contrato n.º ${id}`,
  languageSwitched: (from, to) => `de ${from} a ${to}`,
  disclosureRead: (language, version) =>
    `después de leer el aviso en ${language}, versión ${version}`,
  namingSigner: (line, name) => nameAfter(line, /\bcliente\b/i, name),
};
