/** spec platform §4, §9: the widths at which the layout changes. */
export const BREAKPOINTS = {
  /** Narrower windows show dialogs full screen. */
  dialogFullScreen: 980,
  /** The navbar folds its links into the hamburger menu. */
  navbarMenu: 780,
  /** The navbar's phone layout: the promo banner and the balance leave the bar. */
  navbarPhone: 560,
  /** The areas' phone layout. */
  appPhone: 600,
  /** Drawers take the whole width at or below this. */
  drawerPhone: 500,
} as const;

export interface Layout {
  dialogFullScreen: boolean;
  navbarMenu: boolean;
  navbarPhone: boolean;
  appPhone: boolean;
  drawerPhone: boolean;
}

/** The layout for a window `width` px wide ("narrower than" is strict; the drawer rule is "500 or less"). */
export function layoutFor(width: number): Layout {
  return {
    dialogFullScreen: width < BREAKPOINTS.dialogFullScreen,
    navbarMenu: width < BREAKPOINTS.navbarMenu,
    navbarPhone: width < BREAKPOINTS.navbarPhone,
    appPhone: width < BREAKPOINTS.appPhone,
    drawerPhone: width <= BREAKPOINTS.drawerPhone,
  };
}
