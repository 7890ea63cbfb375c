/**
 * The plain rules about users, kept apart from the TypeBox schemas in user.ts so the browser
 * can use them without loading a schema library.
 */
export const DEFAULT_AVATAR = '/images/default_head.png';

/** Username: 2-20 characters of Chinese, letters, digits or underscore. */
export const USERNAME_PATTERN = '^[\\u4e00-\\u9fa5A-Za-z0-9_]{2,20}$';
/** Password: 8-64 characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*[0-9]).{8,64}$';
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
