/** The anchor the profile and the user menu link to (`/help#atmosphere`). */
export const ATMOSPHERE_ANCHOR = 'atmosphere';
