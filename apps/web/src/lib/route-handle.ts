import { createContext, useContext } from 'react';

/** Route meta, kept on each route's handle so it is known before the lazy screen loads. */
export interface RouteHandle {
  /** The i18n key of the screen's title. */
  titleKey: string;
  /** The screen keeps its state and scroll when the user leaves it and comes back. */
  keepAlive?: boolean;
  /** The bottom tab bar shows under the screen. */
  tabBar?: boolean;
  /** The top bar with the three market indices shows above the screen. */
  indexBar?: boolean;
  /** Open without a session (login, language, public documents). */
  isPublic?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}

export interface ScreenInfo {
  handle: RouteHandle;
  pathname: string;
  /** False while a kept-alive screen is hidden behind another one. */
  isActive: boolean;
}

export const ScreenContext = createContext<ScreenInfo>({
  handle: { titleKey: 'route.notFound' },
  pathname: '/',
  isActive: true,
});

/** The meta of the screen this component renders in (stable while a kept-alive screen is hidden). */
export function useScreen(): ScreenInfo {
  return useContext(ScreenContext);
}
