import type { ConsentFacts, NoticeTexts } from '../../esign-consent/types.js';
import { noticePhone } from '../../esign-consent/notice-phone.js';
import { formatUsd } from '../../money.js';

/**
 * El aviso de la Ley ESIGN en español, un texto por versión (src/domain/esign-consent/). No se
 * cambia nunca el texto de una versión: se agrega otra. '2026-11-21' es el primer texto, que se
 * conserva palabra por palabra para que los consentimientos dados con él sigan resolviéndose.
 * Desde '2026-11-29' se dice «aviso», no «divulgación», como en los avisos en español de los
 * bancos y las agencias de EE. UU.
 */

/**
 * Cómo nombra el aviso al contratista; el contrato puede no tener nombre de empresa. `toWho` lleva
 * la preposición: "a Jardines Ruiz", pero "al contratista que figura en este contrato", nunca
 * "a el".
 */
function contractor(facts: ConsentFacts): {
  who: string;
  Who: string;
  toWho: string;
  named: boolean;
} {
  const name = facts.companyName?.trim();
  if (name) return { who: name, Who: name, toWho: `a ${name}`, named: true };
  return {
    who: 'el contratista que figura en este contrato',
    Who: 'El contratista que figura en este contrato',
    toWho: 'al contratista que figura en este contrato',
    named: false,
  };
}

const NOT_GIVEN = 'no indicado';
const phoneOf = (facts: ConsentFacts) =>
  facts.companyPhone?.trim() ? noticePhone(facts.companyPhone) : NOT_GIVEN;
const emailOf = (facts: ConsentFacts) => facts.companyEmail?.trim() || NOT_GIVEN;

function paperCopyFee(facts: ConsentFacts, Who: string): string {
  const fee = facts.paperCopyFeeCents;
  return fee && fee > 0
    ? `${Who} cobra un cargo de ${formatUsd(fee)} por cada copia en papel.`
    : `${Who} no cobra ningún cargo por las copias en papel.`;
}

export const consentNotices: NoticeTexts = {
  '2026-11-21': () => ({
    title: 'Consentimiento para el uso de registros y firmas electrónicos',
    sections: [
      {
        heading: 'Registros y firmas electrónicos',
        text:
          'Al marcar la casilla de abajo, usted acepta recibir este contrato y los avisos ' +
          'relacionados en forma electrónica, y firmarlo electrónicamente. Su firma electrónica ' +
          'tiene la misma validez legal que una firma a mano, y puede pedirle al remitente una ' +
          'copia en papel en cualquier momento.',
      },
      {
        heading: '',
        text:
          'Esta divulgación explica sus derechos al recibir y firmar documentos en forma ' +
          'electrónica (registros electrónicos), según lo exige la Ley de Firmas Electrónicas ' +
          'en el Comercio Global y Nacional (Ley ESIGN), una ley federal. Léala antes de dar su ' +
          'consentimiento.',
      },
      {
        heading: 'Alcance de su consentimiento',
        text:
          'Si acepta, usted da su consentimiento para recibir en forma electrónica este ' +
          'contrato, los avisos y divulgaciones que lo acompañan y los documentos relacionados ' +
          'del remitente (el contratista que figura en este contrato), y para firmar este ' +
          'contrato electrónicamente. Su consentimiento se aplica únicamente a este contrato y ' +
          'a los documentos relacionados con él.',
      },
      {
        heading: 'Su firma electrónica',
        text:
          'Cuando usted dibuje su firma y seleccione "Firmar contrato", su firma electrónica ' +
          'tendrá el mismo efecto legal que firmar el contrato a mano en papel.',
      },
      {
        heading: 'Copias en papel',
        text:
          'Usted tiene derecho a recibir este contrato y los documentos relacionados en papel. ' +
          'Para pedir una copia en papel, comuníquese directamente con el remitente por los ' +
          'medios de contacto que aparecen en esta página o en el correo electrónico que ' +
          'recibió. TradeSign no cobra ningún cargo por las copias en papel; pregúntele al ' +
          'remitente si cobra algún cargo.',
      },
      {
        heading: 'Retiro de su consentimiento',
        text:
          'Usted puede retirar su consentimiento para realizar transacciones en forma ' +
          'electrónica en cualquier momento antes de firmar: basta con no firmar aquí y ' +
          'comunicarse con el remitente para firmar en papel. Retirar su consentimiento puede ' +
          'retrasar el inicio de su proyecto mientras se prepara un contrato en papel. Retirar ' +
          'su consentimiento después de firmar no anula la firma que usted ya haya dado.',
      },
      {
        heading: 'Actualización de sus datos de contacto',
        text:
          'Si cambian su dirección de correo electrónico u otros datos de contacto, ' +
          'infórmeselo directamente al remitente para seguir recibiendo los avisos y ' +
          'documentos de este contrato.',
      },
      {
        heading: 'Requisitos de hardware y software',
        text:
          'Para consultar y conservar estos documentos usted necesita: un dispositivo con un ' +
          'navegador web actualizado (por ejemplo, una versión reciente de Chrome, Safari, ' +
          'Firefox o Edge), una cuenta de correo electrónico que pueda recibir mensajes, y la ' +
          'capacidad de ver e imprimir (o guardar) documentos HTML o PDF. Al aceptar, usted ' +
          'confirma que puede abrir esta página y leer este contrato, lo que demuestra que ' +
          'puede acceder a los documentos en la forma electrónica que usaremos.',
      },
      {
        heading: 'Su copia',
        text:
          'Después de firmar, recibirá por correo electrónico una copia del contrato firmado. ' +
          'Mientras el enlace siga vigente, también puede volver a abrirlo para ver el contrato ' +
          'firmado, e imprimirlo o guardarlo para sus archivos.',
      },
    ],
    checkbox: 'Acepto usar registros y firmas electrónicos',
  }),

  '2026-11-29': (facts) => {
    const { who, Who, toWho, named } = contractor(facts);
    const phone = phoneOf(facts);
    const email = emailOf(facts);
    return {
      title: 'Aviso: consentimiento para el uso de documentos y firmas electrónicos',
      sections: [
        {
          heading: 'Acerca de este aviso',
          text:
            'Una ley federal, la Ley de Firmas Electrónicas en el Comercio Global y Nacional ' +
            '(Electronic Signatures in Global and National Commerce Act, o "Ley ESIGN"), exige ' +
            `este aviso antes de que ${who} pueda entregarle documentos en forma electrónica en ` +
            'lugar de en papel. ' +
            (named ? `${Who} es el contratista que le envió este contrato. ` : '') +
            'TradeSign es el servicio que se usa para enviar este contrato. Lea este aviso antes ' +
            'de dar su consentimiento.',
        },
        {
          heading: 'Documentos que abarca su consentimiento',
          text:
            `Si usted acepta, ${who} podrá entregarle en forma electrónica, por correo ` +
            'electrónico o mediante un enlace seguro, los siguientes documentos: este contrato; ' +
            'su copia firmada; los avisos relacionados con este contrato; las órdenes de cambio ' +
            'de este contrato; y los recibos de los pagos que haga conforme a este contrato. ' +
            'Usted también acepta firmar este contrato electrónicamente. Su consentimiento ' +
            'abarca únicamente estos documentos relacionados con este contrato.',
        },
        {
          heading: 'Su firma electrónica',
          text:
            'Cuando usted escriba su nombre, dibuje su firma y seleccione "Firmar contrato", su ' +
            'firma electrónica tendrá el mismo efecto legal que firmar este contrato a mano en ' +
            'papel.',
        },
        {
          heading: 'Copias en papel',
          text:
            `Usted puede pedirle ${toWho} una copia en papel de cualquiera de estos documentos ` +
            `en cualquier momento, incluso después de firmar. ${paperCopyFee(facts, Who)} ` +
            'Pedir una copia en papel no retira su consentimiento.',
        },
        {
          heading: 'Retiro de su consentimiento',
          text:
            'Usted puede retirar su consentimiento en cualquier momento, antes o después de ' +
            `firmar, comunicándose con ${who} (teléfono: ${phone}; correo electrónico: ` +
            `${email}). Retirar su consentimiento no tiene ningún costo. Si lo retira, ${who} ` +
            'le entregará en papel los documentos posteriores relacionados con este contrato. ' +
            'El retiro no afecta la validez ni el efecto legal de los documentos que ya recibió ' +
            'en forma electrónica, ni de la firma que ya haya dado. Si no desea firmar ' +
            `electrónicamente, no firme aquí: pídale ${toWho} un contrato en papel.`,
        },
        {
          heading: 'Actualización de sus datos de contacto',
          text:
            'Si cambian su dirección de correo electrónico o su número de teléfono, ' +
            `infórmeselo ${toWho} por correo electrónico o por teléfono (correo electrónico: ` +
            `${email}; teléfono: ${phone}) para seguir recibiendo los documentos relacionados ` +
            'con este contrato.',
        },
        {
          heading: 'Requisitos de hardware y software',
          text:
            'Para abrir y conservar estos documentos usted necesita: un teléfono, una tableta o ' +
            'una computadora con un navegador web actualizado (por ejemplo, una versión ' +
            'reciente de Chrome, Safari, Firefox o Edge); una cuenta de correo electrónico que ' +
            'pueda recibir mensajes; un programa que abra archivos PDF (la mayoría de los ' +
            'navegadores, teléfonos y computadoras lo tienen); y espacio en su dispositivo para ' +
            'guardar los archivos, o una impresora. Su copia firmada se entrega en un archivo ' +
            'PDF. Si estos requisitos cambian de un modo que pueda impedirle abrir o conservar ' +
            `estos documentos, ${who} le informará primero cuáles son los nuevos requisitos, y ` +
            'usted podrá entonces retirar su consentimiento sin ningún costo.',
        },
        {
          heading: 'Su copia',
          text:
            'Después de firmar, recibirá por correo electrónico una copia del contrato firmado ' +
            'en un archivo PDF. Antes de firmar, puede descargar este contrato en PDF con el ' +
            'enlace "Descargar este contrato (PDF)" de esta página. Guarde o imprima sus copias ' +
            'para sus archivos.',
        },
        {
          heading: 'Su aceptación',
          text:
            'Al marcar la casilla de abajo, usted confirma que leyó este aviso, que puede abrir ' +
            'archivos PDF como este contrato y que acepta recibir en forma electrónica los ' +
            'documentos mencionados arriba y firmar este contrato electrónicamente.',
        },
      ],
      checkbox:
        'He leído este aviso y puedo abrir archivos PDF. Acepto recibir documentos y firmar ' +
        'electrónicamente.',
    };
  },
};
