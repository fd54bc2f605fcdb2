import type { signing as english } from '../en/signing.js';

/**
 * La página de firma en español. La divulgación sigue la redacción habitual de las versiones en
 * español de los avisos de la Ley ESIGN, no una traducción palabra por palabra.
 */
export const signing: typeof english = {
  pageTitle: (company) => `Firme su contrato · ${company}`,
  pageDescription: 'Revise y firme su contrato de forma segura.',
  banner: {
    title: 'Firma segura del contrato',
    yourContractor: 'Su contratista',
    contractLine: (company, id) => `${company} · Contrato n.º ${id}`,
    preparedFor: (name) => `Preparado para ${name}`,
    total: 'Total:',
    questions: '¿Tiene preguntas? Comuníquese con el remitente',
    atPhone: 'al teléfono',
    atEmail: 'al correo electrónico',
    or: 'o',
  },
  language: { label: 'Idioma' },
  reviewHeading: 'Revise su contrato',
  frameTitle: 'Contrato',
  consent: {
    heading: 'Registros y firmas electrónicos',
    summary:
      'Al marcar la casilla de abajo, usted acepta recibir este contrato y los avisos ' +
      'relacionados en forma electrónica, y firmarlo electrónicamente. Su firma electrónica ' +
      'tiene la misma validez legal que una firma a mano, y puede pedirle al remitente una ' +
      'copia en papel en cualquier momento.',
    readFull: 'Leer la divulgación completa',
    disclosureTitle: 'Consentimiento para el uso de registros y firmas electrónicos',
    agree: 'Acepto usar registros y firmas electrónicos',
    full: [
      'Esta divulgación explica sus derechos al recibir y firmar documentos en forma ' +
        'electrónica (registros electrónicos), según lo exige la Ley de Firmas Electrónicas en ' +
        'el Comercio Global y Nacional (Ley ESIGN), una ley federal. Léala antes de dar su ' +
        'consentimiento.',
      'Alcance de su consentimiento. Si acepta, usted da su consentimiento para recibir en forma ' +
        'electrónica este contrato, los avisos y divulgaciones que lo acompañan y los documentos ' +
        'relacionados del remitente (el contratista que figura en este contrato), y para firmar ' +
        'este contrato electrónicamente. Su consentimiento se aplica únicamente a este contrato y ' +
        'a los documentos relacionados con él.',
      'Su firma electrónica. Cuando usted dibuje su firma y seleccione "Firmar contrato", su ' +
        'firma electrónica tendrá el mismo efecto legal que firmar el contrato a mano en papel.',
      'Copias en papel. Usted tiene derecho a recibir este contrato y los documentos ' +
        'relacionados en papel. Para pedir una copia en papel, comuníquese directamente con el ' +
        'remitente por los medios de contacto que aparecen en esta página o en el correo ' +
        'electrónico que recibió. TradeSign no cobra ningún cargo por las copias en papel; ' +
        'pregúntele al remitente si cobra algún cargo.',
      'Retiro de su consentimiento. Usted puede retirar su consentimiento para realizar ' +
        'transacciones en forma electrónica en cualquier momento antes de firmar: basta con no ' +
        'firmar aquí y comunicarse con el remitente para firmar en papel. Retirar su ' +
        'consentimiento puede retrasar el inicio de su proyecto mientras se prepara un contrato ' +
        'en papel. Retirar su consentimiento después de firmar no anula la firma que usted ya ' +
        'haya dado.',
      'Actualización de sus datos de contacto. Si cambian su dirección de correo electrónico u ' +
        'otros datos de contacto, infórmeselo directamente al remitente para seguir recibiendo ' +
        'los avisos y documentos de este contrato.',
      'Requisitos de hardware y software. Para consultar y conservar estos documentos usted ' +
        'necesita: un dispositivo con un navegador web actualizado (por ejemplo, una versión ' +
        'reciente de Chrome, Safari, Firefox o Edge), una cuenta de correo electrónico que pueda ' +
        'recibir mensajes, y la capacidad de ver e imprimir (o guardar) documentos HTML o PDF. ' +
        'Al aceptar, usted confirma que puede abrir esta página y leer este contrato, lo que ' +
        'demuestra que puede acceder a los documentos en la forma electrónica que usaremos.',
      'Su copia. Después de firmar, recibirá por correo electrónico una copia del contrato ' +
        'firmado. Mientras el enlace siga vigente, también puede volver a abrirlo para ver el ' +
        'contrato firmado, e imprimirlo o guardarlo para sus archivos.',
    ],
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
    errorTitle: 'Error al firmar el contrato',
    errorMessage: 'Por favor, inténtelo de nuevo',
    dismiss: 'Cerrar',
  },
  done: {
    title: '¡Contrato firmado!',
    message: 'Gracias por firmar el contrato. En breve recibirá una copia por correo electrónico.',
    signedOn: (when) => `Fecha de firma: ${when}`,
    download: 'Descargar su copia firmada (PDF)',
    signedContract: 'Contrato firmado',
  },
  decline: {
    button: 'Rechazar el contrato',
    title: '¿Rechazar este contrato?',
    intro: (company) =>
      `Indique por qué rechaza el contrato: ${company ?? 'el remitente'} recibirá su motivo por ` +
      'correo electrónico y podrá modificar el contrato o darle seguimiento.',
    reasonLabel: 'Su motivo',
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
      `Usted rechazó este contrato${on ? ` (fecha del rechazo: ${on})` : ''}. ` +
      `${company ?? 'El remitente'} ya recibió el aviso.`,
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
