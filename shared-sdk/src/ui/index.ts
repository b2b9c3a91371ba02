// The UI kit, shared once for the whole page as part of the SDK. Areas import antd components from
// here (never from 'antd' directly: the build refuses it), so only the components listed here are
// bundled, and every area sees the same ConfigProvider, theme and locale. Each entry costs every
// area's first load: add a component when an area starts using it (bench/ reports the size).
export { Button, ConfigProvider, Result, Spin } from 'antd';
export { default as zhCN } from 'antd/locale/zh_CN';
export { AreaPage } from './AreaPage';
export { UiProvider, theme } from './UiProvider';
export { AreaRouter, type AreaPageDefinition, type AreaRouterProps } from './AreaRouter';
export { lazyPage, preloadRoutePage, type LazyPage } from './lazyPage';
