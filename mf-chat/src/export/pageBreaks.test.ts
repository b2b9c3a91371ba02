import { pageBreaks } from './pageBreaks';

describe('pageBreaks', () => {
  it('one page when everything fits', () => {
    expect(pageBreaks(900, 1000, [300, 600])).toEqual([0]);
  });

  it('cuts at the last message boundary that fits', () => {
    expect(pageBreaks(2500, 1000, [400, 900, 1200, 1800, 2300])).toEqual([0, 900, 1800]);
  });

  it('cuts at the page end inside a message taller than a page', () => {
    expect(pageBreaks(3000, 1000, [100])).toEqual([0, 1000, 2000]);
  });

  it('ignores a boundary so close to the page start that it would leave the page nearly empty', () => {
    expect(pageBreaks(2100, 1000, [1050, 1100])).toEqual([0, 1000, 2000]);
  });
});
