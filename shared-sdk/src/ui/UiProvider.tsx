import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { observer } from 'mobx-react-lite';
import { i18n, theme as themeStore } from '@qiming/sdk';

/** The product's one look: light only (spec platform §1), the chosen primary colour. */
export const theme = { token: { colorPrimary: '#6d4aff', borderRadius: 8 } } as const;

/** antd in the page's language (its built-in default is en-US) and the user's primary colour. */
export const UiProvider = observer(function UiProvider({ children }: { children: ReactNode }) {
  const primary = themeStore.primaryHex;
  const tokens = useMemo(() => ({ token: { ...theme.token, colorPrimary: primary } }), [primary]);
  return (
    <ConfigProvider
      locale={i18n.locale === 'zh-CN' ? zhCN : undefined}
      theme={tokens}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
});
