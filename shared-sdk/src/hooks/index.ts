export { useMediaQuery } from './useMediaQuery';
export { useLoad, type Loader, type Loaded } from './useLoad';
