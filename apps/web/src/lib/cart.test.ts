import { afterEach, describe, expect, it } from 'vitest';
import { cart, type CartEntry } from './cart';

const phone: CartEntry = {
  productId: 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61',
  title: 'Samsung Galaxy A14',
  picture: '/media/images/phone-320.webp',
  price: 45000,
  quantity: 1,
};
const dress: CartEntry = {
  ...phone,
  productId: 'b3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a62',
  title: 'Ankara dress',
  price: 7500,
};

afterEach(() => {
  localStorage.clear();
});

describe('cart (spec §1: local storage key "cart", JSON)', () => {
  it('starts empty, then from what was saved', () => {
    expect(cart.getEntries()).toEqual([]);
    localStorage.setItem('cart', JSON.stringify([phone]));
    expect(cart.getEntries()).toEqual([phone]);
  });

  it('appends each added item to the end and saves after every change', () => {
    expect(cart.add(phone)).toBe(true);
    expect(cart.add(dress)).toBe(true);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([phone, dress]);
    cart.remove(phone.productId);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([dress]);
  });

  it('does not add a used item twice', () => {
    cart.add(phone);
    expect(cart.add({ ...phone, price: 1 })).toBe(false);
    expect(cart.getEntries()).toEqual([phone]);
    expect(cart.has(phone.productId)).toBe(true);
  });

  it('keeps only the readable entries of a damaged saved cart', () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([phone, { title: 'no id' }, 'junk', { ...dress, quantity: 0 }]),
    );
    expect(cart.getEntries()).toEqual([phone]);
    localStorage.setItem('cart', '{not json');
    expect(cart.getEntries()).toEqual([]);
  });
});
