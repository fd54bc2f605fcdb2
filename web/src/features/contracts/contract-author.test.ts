import { describe, expect, it } from 'vitest';
import { authorLine, pageAuthorLine } from './contract-author';

const sam = { id: 7, name: 'Sam Diaz' };
const pat = { id: 3, name: 'Pat Lee' };

describe('who of the team a card names', () => {
  it("names the sender of someone else's contract, and the writer of their draft", () => {
    expect(authorLine({ created_by: sam, sent_by: sam }, pat.id)).toBe('Sent by Sam Diaz');
    expect(authorLine({ created_by: pat, sent_by: sam }, pat.id)).toBe('Sent by Sam Diaz');
    expect(authorLine({ created_by: sam, sent_by: null }, pat.id)).toBe('Written by Sam Diaz');
  });

  it("names nobody on the reader's own", () => {
    expect(authorLine({ created_by: pat, sent_by: pat }, pat.id)).toBeNull();
    expect(authorLine({ created_by: pat, sent_by: null }, pat.id)).toBeNull();
    // Written by Sam, sent by the reader: theirs now.
    expect(authorLine({ created_by: sam, sent_by: pat }, pat.id)).toBeNull();
  });
});

describe('who the contract page names', () => {
  it('names the sender, the reader as "you"', () => {
    expect(pageAuthorLine({ created_by: sam, sent_by: sam }, pat.id)).toBe('Sent by Sam Diaz');
    expect(pageAuthorLine({ created_by: sam, sent_by: pat }, pat.id)).toBe('Sent by you');
    expect(pageAuthorLine({ created_by: sam, sent_by: null }, sam.id)).toBe('Written by you');
    expect(pageAuthorLine({ created_by: null, sent_by: null }, sam.id)).toBeNull();
  });
});
