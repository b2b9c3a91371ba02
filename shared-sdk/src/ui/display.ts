// UI kit: tabs, tables, tags, QR codes, paging and empty states (loaded by the areas that use them).
export { Empty, Pagination, QRCode, Table, Tabs, Tag, Typography } from 'antd';
export type { TableColumnsType, TabsProps } from 'antd';
