import type { Language } from '../i18n/languages.js';

/**
 * The words of the FTC Cooling-Off Rule's notices (16 CFR 429.1), in each language a contract
 * is written in: the rule wants them "in the same language ... as that used in the contract".
 * The English is the rule's own text. The Spanish says the same in the Spanish of US consumer
 * contracts, keeping the rule's emphasis (its capitals) and its order, with the English legal
 * term beside one that has no exact Spanish twin, as the Contrato estándar does.
 *
 * The form's fill-ins come from the contract: the seller's name and address, the date of the
 * transaction (the day the client signs, on the company's clock) and the deadline. Before the
 * client signs, the blanks say how they will be filled, as a paper form's captions do.
 */
export interface CancellationWords {
  /** The statement the rule puts next to the buyer's signature (presets place it themselves). */
  statement: string;
  title: string;
  copy: (number: number, of: number) => string;
  dateOfTransaction: string;
  /** The caption of the date line before the client signs. */
  dateOfTransactionBlank: string;
  mayCancel: string;
  ifYouCancelReturned: string;
  ifYouCancelGoods: string;
  ifGoodsNotPickedUp: string;
  /** The sentence with the three fill-ins, each already HTML (a value or a captioned blank). */
  toCancel: (seller: string, address: string, deadline: string) => string;
  sellerBlank: string;
  addressBlank: string;
  /** The deadline in words, before the client signs. */
  deadlineInWords: string;
  hereby: string;
  date: string;
  buyerSignature: string;
}

export const CANCELLATION_WORDS: Record<Language, CancellationWords> = {
  en: {
    statement:
      'You, the buyer, may cancel this transaction at any time prior to midnight of the third ' +
      'business day after the date of this transaction. See the attached notice of ' +
      'cancellation form for an explanation of this right.',
    title: 'NOTICE OF CANCELLATION',
    copy: (number, of) => `Copy ${number} of ${of}`,
    dateOfTransaction: '(Date of transaction)',
    dateOfTransactionBlank: '(Date of transaction: the day you sign this contract)',
    mayCancel:
      'You may CANCEL this transaction, without any Penalty or Obligation, within THREE ' +
      'BUSINESS DAYS from the above date.',
    ifYouCancelReturned:
      'If you cancel, any property traded in, any payments made by you under the contract or ' +
      'sale, and any negotiable instrument executed by you will be returned within TEN ' +
      'BUSINESS DAYS following receipt by the seller of your cancellation notice, and any ' +
      'security interest arising out of the transaction will be cancelled.',
    ifYouCancelGoods:
      'If you cancel, you must make available to the seller at your residence, in ' +
      'substantially as good condition as when received, any goods delivered to you under ' +
      'this contract or sale, or you may, if you wish, comply with the instructions of the ' +
      "seller regarding the return shipment of the goods at the seller's expense and risk.",
    ifGoodsNotPickedUp:
      'If you do make the goods available to the seller and the seller does not pick them up ' +
      'within 20 days of the date of your Notice of Cancellation, you may retain or dispose of ' +
      'the goods without any further obligation. If you fail to make the goods available to ' +
      'the seller, or if you agree to return the goods to the seller and fail to do so, then ' +
      'you remain liable for performance of all obligations under the contract.',
    toCancel: (seller, address, deadline) =>
      'To cancel this transaction, mail or deliver a signed and dated copy of this ' +
      'Cancellation Notice or any other written notice, or send a telegram, to ' +
      `${seller}, at ${address} NOT LATER THAN MIDNIGHT OF ${deadline}.`,
    sellerBlank: '(name of seller)',
    addressBlank: "(address of seller's place of business)",
    deadlineInWords:
      'the third business day after the date of this transaction (your signed copy shows that ' +
      'date)',
    hereby: 'I HEREBY CANCEL THIS TRANSACTION.',
    date: '(Date)',
    buyerSignature: "(Buyer's signature)",
  },
  es: {
    statement:
      'Usted, el comprador, puede cancelar esta transacción en cualquier momento antes de la ' +
      'medianoche del tercer día hábil posterior a la fecha de esta transacción. Consulte el ' +
      'formulario de aviso de cancelación adjunto, donde se explica este derecho.',
    title: 'AVISO DE CANCELACIÓN',
    copy: (number, of) => `Copia ${number} de ${of}`,
    dateOfTransaction: '(Fecha de la transacción)',
    dateOfTransactionBlank: '(Fecha de la transacción: el día en que usted firme este contrato)',
    mayCancel:
      'Usted puede CANCELAR esta transacción, sin ninguna penalidad ni obligación, dentro de ' +
      'los TRES DÍAS HÁBILES siguientes a la fecha indicada arriba.',
    ifYouCancelReturned:
      'Si usted cancela, se le devolverán, dentro de los DIEZ DÍAS HÁBILES siguientes a la ' +
      'fecha en que el vendedor reciba su aviso de cancelación, cualquier bien que haya ' +
      'entregado como parte de pago, cualquier pago que haya hecho en virtud del contrato o de ' +
      'la venta y cualquier instrumento negociable que haya firmado, y se cancelará cualquier ' +
      'derecho de garantía (security interest) que surja de la transacción.',
    ifYouCancelGoods:
      'Si usted cancela, deberá poner a disposición del vendedor, en su domicilio y en un ' +
      'estado sustancialmente tan bueno como cuando los recibió, los bienes que se le hayan ' +
      'entregado en virtud de este contrato o de esta venta; o bien, si lo desea, podrá seguir ' +
      'las instrucciones del vendedor sobre la devolución de los bienes por envío, por cuenta y ' +
      'riesgo del vendedor.',
    ifGoodsNotPickedUp:
      'Si usted pone los bienes a disposición del vendedor y este no los recoge dentro de los ' +
      '20 días siguientes a la fecha de su aviso de cancelación, usted podrá conservarlos o ' +
      'deshacerse de ellos sin ninguna otra obligación. Si usted no pone los bienes a ' +
      'disposición del vendedor, o si acepta devolvérselos y no lo hace, seguirá siendo ' +
      'responsable del cumplimiento de todas las obligaciones conforme al contrato.',
    toCancel: (seller, address, deadline) =>
      'Para cancelar esta transacción, envíe por correo o entregue una copia firmada y fechada ' +
      'de este aviso de cancelación, o cualquier otro aviso por escrito, o envíe un telegrama, ' +
      `a ${seller}, en ${address}, A MÁS TARDAR A LA MEDIANOCHE DEL ${deadline}.`,
    sellerBlank: '(nombre del vendedor)',
    addressBlank: '(dirección del establecimiento comercial del vendedor)',
    deadlineInWords:
      'tercer día hábil posterior a la fecha de esta transacción (su copia firmada indica esa ' +
      'fecha)',
    hereby: 'POR MEDIO DE LA PRESENTE, CANCELO ESTA TRANSACCIÓN.',
    date: '(Fecha)',
    buyerSignature: '(Firma del comprador)',
  },
};
