export { PAY_CODES } from '@qiming/contracts';
