import type { certificate as english } from '../en/certificate.js';
import { listNames } from './lists.js';

/**
 * El certificado de firmas de un contrato en español: títulos y etiquetas. "Documentos y firmas
 * electrónicos", como en el título del aviso de la Ley ESIGN ('2026-11-29'); "registros" es un
 * calco de "records" que el cliente no usa.
 */
export const certificate: typeof english = {
  documentTitle: (id) => `Certificado de firmas — Contrato n.º ${id}`,
  title: 'Certificado de firmas',
  contractHeading: (id, title) => `Contrato n.º ${id} — ${title}`,
  defaultTitle: 'Contrato de mejoras para el hogar',
  // "Orden de cambio N al Contrato n.º P", como la nombran el correo y la página de firma.
  changeOrder: {
    name: (number, contractId) => `Orden de cambio ${number} al Contrato n.º ${contractId}`,
    documentTitle: (number, contractId) =>
      `Certificado de firmas — Orden de cambio ${number} al Contrato n.º ${contractId}`,
    changes: (contractId) => `Modifica el Contrato n.º ${contractId}`,
    contractSha256: (contractId) => `SHA-256 de la copia sellada del Contrato n.º ${contractId}:`,
    noSealedContract: (contractId) =>
      `El Contrato n.º ${contractId} todavía no tiene copia sellada.`,
  },
  facts: { company: 'Empresa', total: 'Total', completed: 'Firmado por todas las partes' },
  parties: { heading: 'Partes', contractor: 'Contratista', client: 'Cliente' },
  signatures: 'Firmas',
  signer: {
    contractor: (company) => `Contratista (${company})`,
    client: 'Cliente',
    clientOf: (position, count) => `Cliente ${position} de ${count}`,
    name: 'Nombre',
    typedName: 'Nombre escrito por el firmante',
    enteredName: 'Nombre ingresado por el contratista',
    email: 'Correo electrónico',
    signedUtc: 'Firmado (UTC)',
    signedLocal: 'Firmado (hora local)',
    ip: 'Dirección IP',
    device: 'Dispositivo',
    opened: 'Abierto por primera vez (UTC)',
    imageAlt: (name) => `Firma de ${name}`,
    noImage: 'No se registró ninguna imagen de la firma.',
  },
  consent: {
    given: (version) =>
      `Consentimiento para el uso de documentos y firmas electrónicos: otorgado (versión del aviso ${version})`,
    givenIn: (language, version) =>
      `Consentimiento para el uso de documentos y firmas electrónicos: otorgado (aviso en ${language}, versión ${version})`,
    noticeSha256: 'SHA-256 del texto del aviso que se le mostró al cliente:',
    inAppendix: 'El aviso completo figura en el anexo.',
    notRecorded: 'Consentimiento para el uso de documentos y firmas electrónicos: no registrado',
    acknowledged: (version) => `Reconocimiento legal aceptado (versión ${version})`,
    acknowledgmentNotRecorded: 'Reconocimiento legal: no registrado',
  },
  languageNames: { en: 'inglés', es: 'español' },
  notRecorded: 'no registrado',
  timeZoneNotRecorded: 'zona horaria no registrada',
  auditTrail: 'Registro de auditoría de las firmas',
  timeline: {
    heading: 'Historial de eventos',
    time: 'Hora (UTC)',
    event: 'Evento',
    by: 'Por',
    ip: 'Dirección IP',
    device: 'Dispositivo',
  },
  integrity: {
    heading: 'Integridad y verificación',
    snapshot: 'SHA-256 del contrato que se le mostró al cliente:',
    pages: 'SHA-256 de las páginas del contrato de este documento:',
    pagesAtSealing: 'calculado al sellar el documento (la página de verificación lo comprueba)',
    verifyAt: 'Verifíquelo en:',
    howToVerify:
      'Cualquier persona puede abrir esa página y arrastrar este PDF hasta ella para comprobar que es la copia firmada auténtica y que no ha cambiado desde que se selló.',
    sealed:
      'TradeSign selló digitalmente este documento; los lectores de PDF como Adobe Acrobat Reader muestran el sello en su panel de firmas, y cualquier cambio en el archivo lo invalida.',
    sealedBy: (name: string, issuer: string, fingerprint: string) =>
      `${name} selló digitalmente este documento con un certificado emitido por ${issuer} (huella SHA-256 ${fingerprint}); los lectores de PDF como Adobe Acrobat Reader muestran el sello en su panel de firmas, y cualquier cambio en el archivo lo invalida.`,
    timestamped: (authority: string, host: string, at: string, serverAt: string) =>
      `Sello de tiempo de confianza: ${authority} (${host}) fechó las páginas del contrato de arriba, por su SHA-256, el ${at}; el reloj de este servidor marcaba ${serverAt}. Su token va adjunto a este archivo, y el sello lleva su propio sello de tiempo de la misma autoridad, que los lectores de PDF muestran en su panel de firmas.`,
    noTimestamp: (host: string) =>
      `Sin sello de tiempo de confianza: la autoridad de sellado de tiempo ${host} no dio un sello de tiempo válido a tiempo, así que la hora de este sello es solo la del reloj de este servidor.`,
    qrAlt: 'Código QR de la página de verificación',
    scan: 'Escanee para verificar',
  },
  footers: {
    page: 'Página',
    of: 'de',
    contract: (id) => `Contrato n.º ${id}`,
    certificate: (documentName) => `Certificado de firmas · ${documentName}`,
  },
  appendix: {
    heading: 'Anexo: el aviso de consentimiento que aceptó el cliente',
    headingFor: (names) =>
      `Anexo: el aviso de consentimiento que ${names.length > 1 ? 'aceptaron' : 'aceptó'} ${listNames(names)}`,
    shown: (language, version) =>
      `El aviso que sigue es el que se le mostró completo al cliente en la página de firma, en ${language}, antes de que marcara la casilla (versión ${version}).`,
    fingerprint: 'SHA-256 de este texto, registrado cuando firmó el cliente:',
    checkbox: 'La casilla que marcó el cliente:',
    olderRecord: (language, version) =>
      `Este consentimiento se registró antes de que el texto del aviso y su huella se guardaran con cada firma. El texto que sigue es la versión ${version} en ${language}, tal como la conserva TradeSign.`,
    notRecorded: 'El texto del aviso que aceptó el cliente no quedó registrado para este contrato.',
    mismatch: (language, version) =>
      `El texto de este aviso (versión ${version}, en ${language}) no se puede mostrar: al reconstruirlo hoy, no coincide con la huella registrada cuando firmó el cliente. Se omite para no imprimir algo distinto de lo que leyó el cliente.`,
    recordedFingerprint: 'SHA-256 registrado cuando firmó el cliente:',
  },
  unsignedCopy: {
    mark: 'COPIA SIN FIRMAR — para revisar antes de firmar; el cliente no la ha firmado',
    footer: (id) => `Copia sin firmar · Contrato n.º ${id}`,
    unavailable:
      'Este servidor no puede generar el PDF en este momento. Puede leer el contrato completo en la página de firma.',
    busy: 'Se están generando demasiados documentos en este momento. Vuelva a intentarlo en un minuto.',
  },
};
