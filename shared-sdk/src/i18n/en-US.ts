import type { Translation } from './translator';
import type { zhCN } from './zh-CN';

/** The international build's text. */
const enUS: Translation<typeof zhCN> = {
  'request.networkError': 'The service is under maintenance or the network is unstable. If a global proxy is on, turn it off and refresh.',
  'request.timeout': 'The request timed out.',
  'request.httpStatus': 'The service answered with an error ({status}).',
  'request.sessionExpired': 'Your session is invalid or has expired. Please log in again.',
  'request.refreshFailed': 'Could not restore your login. Please log in again.',
  'request.code401': 'Authentication failed; you cannot access this resource.',
  'request.code403': 'You do not have permission for this action.',
  'request.code404': 'The resource does not exist.',
  'request.codeDefault': 'Unknown system error. Please report it to the administrator.',
  'request.insecureContext': 'This page is not on a secure connection, so requests cannot be signed. Please use HTTPS.',
  'copy.success': 'Copied!',
  'copy.failed': 'Copy failed!',
  'page.loadFailed': 'The page failed to load',
  'page.loadFailedDetail': 'The network may be unstable or a new version was just released. Please reload the page.',
  'page.reload': 'Reload',
  'page.notFound': 'Page not found',
  'page.notFoundDetail': 'There is no page at this address. Use the navigation at the top.',
};
export default enUS;
