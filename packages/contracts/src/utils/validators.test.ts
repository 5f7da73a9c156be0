import { describe, expect, it } from 'vitest';
import {
  isBlank,
  isChineseName,
  isDigitsOnly,
  isEmail,
  isHotline,
  isIdCard,
  isIpv4,
  isLandline,
  isLandlineOrHotline,
  isMobilePhone,
  isMoney,
  isPassword,
  isPlainName,
  isPort,
} from './validators.js';

describe('field validators', () => {
  it('spec §5: blank means empty, whitespace-only, null/undefined or the text null', () => {
    for (const blank of ['', '   ', '\t\n', null, undefined, 'null', ' null '])
      expect(isBlank(blank)).toBe(true);
    for (const filled of ['a', '0', 'NULL', 'nullable', 0, false]) expect(isBlank(filled)).toBe(false);
  });

  it('spec §5 and §9: password has at least 6 characters by default', () => {
    expect(isPassword('12345')).toBe(false);
    expect(isPassword('123456')).toBe(true);
    expect(isPassword('1234567', 8)).toBe(false);
  });

  it('spec §5: number is digits only', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    for (const text of ['', '1.5', '-1', '1e3', '12a', ' 1']) expect(isDigitsOnly(text)).toBe(false);
  });

  it('spec §5: name is Chinese characters, letters and digits', () => {
    for (const text of ['张三', 'Alice', 'user01', '李Li2']) expect(isPlainName(text)).toBe(true);
    for (const text of ['', 'a b', 'a_b', 'a-b', '张三！']) expect(isPlainName(text)).toBe(false);
  });

  it('spec §5: IPv4 is four octets 0–255', () => {
    for (const text of ['0.0.0.0', '192.168.1.1', '255.255.255.255', '10.0.200.9'])
      expect(isIpv4(text)).toBe(true);
    for (const text of [
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.',
      '1..2.3',
      'a.b.c.d',
      '-1.2.3.4',
    ])
      expect(isIpv4(text)).toBe(false);
  });

  it('spec §5: port is an integer 0–65535', () => {
    for (const text of ['0', '80', '65535']) expect(isPort(text)).toBe(true);
    for (const text of ['65536', '-1', '80.5', '080', '', 'http']) expect(isPort(text)).toBe(false);
  });

  it('spec §5: phone is 11 digits starting with 1', () => {
    expect(isMobilePhone('13812345678')).toBe(true);
    for (const text of ['23812345678', '1381234567', '138123456789', '138-1234-5678'])
      expect(isMobilePhone(text)).toBe(false);
  });

  it('spec §5: ID card is 17 digits then a digit or X with a real birth date', () => {
    for (const text of ['11010519491231002X', '110105194912310021', '11010520000229002x'])
      expect(isIdCard(text)).toBe(true);
    expect(isIdCard('1101051949123100')).toBe(false);
    expect(isIdCard('11010519491231002Y')).toBe(false);
    expect(isIdCard('110105194913310021')).toBe(false);
    expect(isIdCard('110105190002290021')).toBe(false);
    expect(isIdCard('110105194904310021')).toBe(false);
  });

  it('spec §5: email follows the standard local@domain pattern', () => {
    for (const text of ['a@b.cn', 'first.last+tag@mail.example.com', 'x_y@sub-domain.org'])
      expect(isEmail(text)).toBe(true);
    for (const text of ['', 'a@b', '@b.cn', 'a@.cn', 'a b@c.cn', 'a@b..cn', 'a@-b.cn', 'a@@b.cn'])
      expect(isEmail(text)).toBe(false);
  });

  it('spec §5: Chinese name is 2–4 Chinese characters', () => {
    for (const text of ['张三', '欧阳娜娜']) expect(isChineseName(text)).toBe(true);
    for (const text of ['张', '欧阳娜娜娜', 'Zhang', '张3']) expect(isChineseName(text)).toBe(false);
  });

  it('spec §5: money has at most 2 decimals and no sign', () => {
    for (const text of ['0', '0.5', '12.34', '100']) expect(isMoney(text)).toBe(true);
    for (const text of ['12.345', '-1', '+1', '1.', '.5', '01.5', '1,000']) expect(isMoney(text)).toBe(false);
  });

  it('spec §5: landline has an area code, optional hyphen, 7–8 digits and an optional extension', () => {
    for (const text of ['010-12345678', '01012345678', '0755-2345678', '021-23456789-801'])
      expect(isLandline(text)).toBe(true);
    for (const text of ['12345678', '010-123456', '010-123456789', '010-12345678-', '10-12345678'])
      expect(isLandline(text)).toBe(false);
  });

  it('spec §5: 400 and 800 numbers are 10 digits, plain or grouped 3-3-4', () => {
    for (const text of ['400-123-4567', '4001234567', '800-810-8888', '8008108888'])
      expect(isHotline(text)).toBe(true);
    for (const text of ['500-123-4567', '400-1234-567', '400123-4567', '40012345678'])
      expect(isHotline(text)).toBe(false);
  });

  it('spec §5: a telephone is either a landline or a 400/800 number', () => {
    expect(isLandlineOrHotline('010-12345678')).toBe(true);
    expect(isLandlineOrHotline('400-123-4567')).toBe(true);
    expect(isLandlineOrHotline('13812345678')).toBe(false);
  });
});
