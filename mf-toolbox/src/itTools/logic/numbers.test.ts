/** @jest-environment node */
import { convertColor } from './color';
import { convertBases, grouped, parseInBase } from './numberBase';

describe('number bases', () => {
  it('converts between bases, prefixes and separators allowed', () => {
    expect(convertBases('255', 10)).toEqual({ ok: true, value: { 2: '11111111', 8: '377', 10: '255', 16: 'ff', 36: '73' } });
    expect(convertBases('0xFF', 16, 32)).toMatchObject({ ok: true, value: { 10: '255', 32: '7v' } });
    expect(convertBases('0b1111_1111', 2)).toMatchObject({ ok: true, value: { 10: '255' } });
    expect(convertBases('-z', 36)).toMatchObject({ ok: true, value: { 10: '-35', 16: '-23' } });
  });

  it('is exact beyond 2^53 (BigInt)', () => {
    expect(convertBases('18446744073709551616', 10)).toMatchObject({ ok: true, value: { 16: '10000000000000000', 2: `1${'0'.repeat(64)}` } });
    expect(parseInBase('9007199254740993', 10)).toEqual({ ok: true, value: 9007199254740993n });
  });

  it('names the bad digit, and groups digits for reading', () => {
    expect(parseInBase('1021', 2)).toEqual({ ok: false, error: '第 3 位「2」不是 2 进制的数字' });
    expect(grouped('11111111', 2)).toBe('1111 1111');
    expect(grouped('-1234567', 10)).toBe('-1,234,567');
  });
});

describe('colours', () => {
  it('converts hex to RGB, HSL and OKLCH', () => {
    expect(convertColor('#ff0000')).toEqual({ ok: true, value: { hex: '#ff0000', rgb: 'rgb(255 0 0)', hsl: 'hsl(0 100% 50%)', oklch: 'oklch(62.8% 0.2577 29.23)', swatch: 'rgb(255 0 0)', clipped: false } });
    expect(convertColor('6d4aff')).toMatchObject({ ok: true, value: { hex: '#6d4aff', rgb: 'rgb(109 74 255)' } });
    expect(convertColor('white')).toMatchObject({ ok: true, value: { hex: '#ffffff', hsl: 'hsl(0 0% 100%)', oklch: 'oklch(100% 0 0)' } });
  });

  it('reads RGB, HSL and OKLCH back to hex, with alpha', () => {
    expect(convertColor('rgb(0 128 0)')).toMatchObject({ ok: true, value: { hex: '#008000' } });
    expect(convertColor('hsl(240 100% 50%)')).toMatchObject({ ok: true, value: { hex: '#0000ff' } });
    expect(convertColor('oklch(62.8% 0.2577 29.23)')).toMatchObject({ ok: true, value: { hex: '#ff0000' } });
    expect(convertColor('rgb(255 0 0 / 0.5)')).toMatchObject({ ok: true, value: { hex: '#ff000080', rgb: 'rgb(255 0 0 / 0.5)' } });
  });

  it('marks colours outside sRGB and refuses nonsense', () => {
    expect(convertColor('oklch(70% 0.4 150)')).toMatchObject({ ok: true, value: { clipped: true } });
    expect(convertColor('not a colour')).toEqual({ ok: false, error: '无法识别的颜色，支持 #RGB、#RRGGBB、rgb()、hsl()、oklch() 和颜色名' });
  });
});
