// UI kit: tabs, tables, tags, QR codes, paging and empty states (loaded by the areas that use them).
export { Empty, Pagination, QRCode, Table, Tabs, Tag, Typography } from 'antd';
export type { TableColumnsType, TabsProps } from 'antd';
// UI kit: accordions and side drawers (the toolbox's FAQ and the resource menu on phones).
export { Collapse, Drawer } from 'antd';
export type { CollapseProps } from 'antd';
