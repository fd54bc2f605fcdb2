import { describe, expect, it } from 'vitest';
import { paperCopyFeeInput, readPaperCopyFee } from './paper-copy-fee';

describe('the paper-copy fee field', () => {
  it('shows no fee as empty, and a fee in dollars as the wizard does', () => {
    expect(paperCopyFeeInput(null)).toBe('');
    expect(paperCopyFeeInput(0)).toBe('');
    expect(paperCopyFeeInput(2500)).toBe('25');
    expect(paperCopyFeeInput(1250)).toBe('12.50');
  });

  it('reads dollars as cents, and empty or zero as no fee', () => {
    expect(readPaperCopyFee('')).toEqual({ cents: null });
    expect(readPaperCopyFee('  ')).toEqual({ cents: null });
    expect(readPaperCopyFee('0')).toEqual({ cents: null });
    expect(readPaperCopyFee('12.5')).toEqual({ cents: 1250 });
    expect(readPaperCopyFee('$1,000.00')).toEqual({ cents: 100_000 });
    expect(readPaperCopyFee(paperCopyFeeInput(1999))).toEqual({ cents: 1999 });
  });

  it("refuses more than $1,000.00 in the server's words, and a point alone", () => {
    expect(readPaperCopyFee('1000.01')).toEqual({ error: 'The fee is at most $1,000.00' });
    expect(readPaperCopyFee('.')).toEqual({ error: 'Enter an amount such as 25.00' });
  });
});
