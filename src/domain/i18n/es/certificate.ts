import type { certificate as english } from '../en/certificate.js';

/** El certificado de finalización de un contrato en español: títulos y etiquetas. */
export const certificate: typeof english = {
  documentTitle: (id) => `Certificado de finalización — Contrato n.º ${id}`,
  title: 'Certificado de finalización',
  contractHeading: (id, title) => `Contrato n.º ${id} — ${title}`,
  defaultTitle: 'Contrato de mejoras para el hogar',
  facts: { company: 'Empresa', total: 'Total', completed: 'Finalizado' },
  parties: { heading: 'Partes', contractor: 'Contratista', client: 'Cliente' },
  signatures: 'Firmas',
  signer: {
    contractor: (company) => `Contratista (${company})`,
    client: 'Cliente',
    name: 'Nombre',
    email: 'Correo electrónico',
    signedUtc: 'Firmado (UTC)',
    signedLocal: 'Firmado (hora local)',
    ip: 'Dirección IP',
    device: 'Dispositivo',
    imageAlt: (name) => `Firma de ${name}`,
    noImage: 'No se registró una imagen de la firma.',
  },
  consent: {
    given: (version) =>
      `Consentimiento para el uso de registros y firmas electrónicos: otorgado (versión de la divulgación ${version})`,
    givenIn: (language, version) =>
      `Consentimiento para el uso de registros y firmas electrónicos: otorgado (divulgación en ${language}, versión ${version})`,
    notRecorded: 'Consentimiento para el uso de registros y firmas electrónicos: no registrado',
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
      'Cualquier persona puede abrir esa página y arrastrar este PDF a esa página para comprobar que es la copia firmada auténtica y que no ha cambiado desde que se selló.',
    sealed:
      'TradeSign selló digitalmente este documento; los lectores de PDF como Adobe Acrobat Reader muestran el sello en su panel de firmas, y cualquier cambio en el archivo lo invalida.',
    qrAlt: 'Código QR de la página de verificación',
    scan: 'Escanee para verificar',
  },
  footers: {
    page: 'Página',
    of: 'de',
    contract: (id) => `Contrato n.º ${id}`,
    certificate: (id) => `Certificado de finalización · Contrato n.º ${id}`,
  },
};
