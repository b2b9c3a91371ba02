import { OpsInputError } from '../module.js';

/** A refused announcements change; its message is for the operator as it stands (`pnpm ops announcements`: 失败：message, exit 1). */
export function announcementError(message: string): OpsInputError {
  return new OpsInputError(message, 'failed');
}
