// UI kit: dialogs, confirmations and notices (loaded by the areas that use them).
export { Alert, Modal, Popconfirm, Tooltip } from 'antd';
