import { describe, expect, it } from 'vitest';
import {
  AddressInput,
  canMoveOrder,
  normalisePhone,
  normalisePostcode,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
} from './orders';

describe('UK postcodes', () => {
  it('accepts every Royal Mail format in any case and spacing, normalised', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode(' M1 1AE ')).toBe('M1 1AE');
    expect(normalisePostcode('b338th')).toBe('B33 8TH');
    expect(normalisePostcode('CR2 6XH')).toBe('CR2 6XH');
    expect(normalisePostcode('dn55 1pt')).toBe('DN55 1PT');
    expect(normalisePostcode('W1A 0AX')).toBe('W1A 0AX');
    expect(normalisePostcode('GIR 0AA')).toBe('GIR 0AA');
  });

  it('refuses what is not one', () => {
    for (const text of ['', '12345', 'SW1A', 'SW1A 1A', '1AA SW1', 'SW1A 1AAA', 'ZZZ9 9ZZ']) {
      expect(normalisePostcode(text), text).toBeNull();
    }
  });
});

describe('UK phone numbers', () => {
  it('takes national and +44 forms, with spaces, dashes and brackets', () => {
    expect(normalisePhone('07700 900123')).toBe('07700900123');
    expect(normalisePhone('+44 7700 900123')).toBe('07700900123');
    expect(normalisePhone('0044-20-7946-0958')).toBe('02079460958');
    expect(normalisePhone('(020) 7946 0958')).toBe('02079460958');
    expect(normalisePhone('12')).toBeNull();
    expect(normalisePhone('+1 212 555 0100')).toBeNull();
  });
});

describe('the address', () => {
  it('is trimmed, optional fields default to empty, country is GB', () => {
    const parsed = AddressInput.parse({
      full_name: '  Ada  ',
      line1: '1 Road',
      city: 'Leeds',
      postcode: 'ls11aa',
    });
    expect(parsed).toEqual({
      full_name: 'Ada',
      line1: '1 Road',
      line2: '',
      city: 'Leeds',
      county: '',
      postcode: 'LS1 1AA',
      phone: '',
      country: 'GB',
    });
    expect(AddressInput.safeParse({ ...parsed, extra: 1 }).success).toBe(false);
    expect(AddressInput.safeParse({ ...parsed, line1: 'a\u0007b' }).success).toBe(false);
  });
});

describe('order transitions', () => {
  it('final statuses go nowhere, nothing returns to awaiting payment, no status to itself', () => {
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
    for (const from of ORDER_STATUSES) {
      expect(canMoveOrder(from, 'awaiting_payment')).toBe(false);
      expect(canMoveOrder(from, from)).toBe(false);
    }
    expect(canMoveOrder('cancelled', 'shipped')).toBe(false);
    expect(canMoveOrder('awaiting_payment', 'shipped')).toBe(false);
    expect(canMoveOrder('paid', 'shipped')).toBe(true);
  });
});
