// UI kit: tabs, tables, tags, QR codes (loaded by the areas that use them).
export { QRCode, Table, Tabs, Tag, Typography } from 'antd';
export type { TableColumnsType, TabsProps } from 'antd';
