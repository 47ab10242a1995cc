/** The common-password list is shared with the client's forms (src/shared/common-passwords.ts). */
export { commonPasswordCount, isCommonPassword } from '../../shared/common-passwords.ts';
