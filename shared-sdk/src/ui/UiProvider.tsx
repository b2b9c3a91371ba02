import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** The product's one theme: light only (a dark request is coerced to light), zh-CN locale. */
export const theme = { token: { colorPrimary: '#6d4aff', borderRadius: 8 } } as const;

export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
