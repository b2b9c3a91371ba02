/**
 * Where calls go and how they are signed. Every host defaults to the page's origin; the host shell
 * may override them at boot (configureSdk). The sign key and IV come from the build (SIGN_KEY /
 * SIGN_IV, the same variables the server reads).
 */
declare const __SIGN_KEY__: string | undefined;
declare const __SIGN_IV__: string | undefined;

export const DEFAULT_SIGN_KEY = 'qimingai-signkey';
export const DEFAULT_SIGN_IV = 'qimingai-sign-iv';

export interface SdkHosts {
  /** Most calls. */
  main: string;
  /** The spec's :31023 group (tokens, resource tree, chat knowledge uploads). */
  secondary: string;
  /** The spec's :31026 group (knowledge bases and their files). */
  knowledge: string;
  /** social-login. */
  social: string;
  /** getStream: the first answering /ping is used, else the next one (the backup). */
  stream: string[];
}

export interface SdkConfig {
  hosts: SdkHosts;
  /** Origins serving the same API; a network error retries on the next one (at most 2 retries). */
  alternateOrigins: string[];
  sign: { key: string; iv: string };
}

function pageOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://127.0.0.1';
}

export function defaultConfig(origin = pageOrigin()): SdkConfig {
  return {
    hosts: { main: origin, secondary: origin, knowledge: origin, social: origin, stream: [origin] },
    alternateOrigins: [],
    sign: {
      key: typeof __SIGN_KEY__ === 'string' && __SIGN_KEY__ ? __SIGN_KEY__ : DEFAULT_SIGN_KEY,
      iv: typeof __SIGN_IV__ === 'string' && __SIGN_IV__ ? __SIGN_IV__ : DEFAULT_SIGN_IV,
    },
  };
}
