import { layoutFor } from './breakpoints';

describe('layoutFor', () => {
  it('makes dialogs full screen only below 980 px', () => {
    expect(layoutFor(980).dialogFullScreen).toBe(false);
    expect(layoutFor(979).dialogFullScreen).toBe(true);
  });

  it('folds the navbar into the hamburger below 780 px and goes phone below 560 px', () => {
    expect(layoutFor(780)).toMatchObject({ navbarMenu: false, navbarPhone: false });
    expect(layoutFor(779)).toMatchObject({ navbarMenu: true, navbarPhone: false });
    expect(layoutFor(559)).toMatchObject({ navbarMenu: true, navbarPhone: true });
  });

  it('uses 600 px for the areas and 500 px or less for drawers', () => {
    expect(layoutFor(600).appPhone).toBe(false);
    expect(layoutFor(599).appPhone).toBe(true);
    expect(layoutFor(501).drawerPhone).toBe(false);
    expect(layoutFor(500).drawerPhone).toBe(true);
  });

  it('gives a 390 px phone every phone rule and a 1440 px desktop none', () => {
    expect(Object.values(layoutFor(390)).every(Boolean)).toBe(true);
    expect(Object.values(layoutFor(1440)).some(Boolean)).toBe(false);
  });
});
