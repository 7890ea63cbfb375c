import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { DEFAULT_PUSH_PREFERENCES } from './push-payload.ts';
import { Password } from './user.ts';

const Switch = Type.Boolean({ errorMessage: errorText.settingsInvalid });

export const NotificationPreferences = Type.Object({
  like: Switch,
  comment: Switch,
  follow: Switch,
  message: Switch,
  system: Switch,
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;

/** Which news reaches a device through Web Push (the device subscribes from the settings page). */
export const PushPreferences = Type.Object({
  message: Switch,
  comment: Switch,
  reply: Switch,
  follow: Switch,
  review: Switch,
});

const ThemeSchema = Type.Union(
  [Type.Literal('light'), Type.Literal('dark'), Type.Literal('system')],
  { errorMessage: errorText.themeInvalid },
);

/** Stored in users.settings and sent with the signed-in user as `settings`. */
export const UserSettings = Type.Object({
  notifications: NotificationPreferences,
  push: PushPreferences,
  theme: ThemeSchema,
});
export type UserSettings = Static<typeof UserSettings>;

export const DEFAULT_SETTINGS: UserSettings = {
  notifications: { like: true, comment: true, follow: true, message: true, system: true },
  push: DEFAULT_PUSH_PREFERENCES,
  theme: 'system',
};

/** Either part may be left out; inside `notifications` each switch may be left out too. */
export const UpdateSettingsBody = Type.Object(
  {
    notifications: Type.Optional(
      Type.Partial(NotificationPreferences, { additionalProperties: false }),
    ),
    push: Type.Optional(Type.Partial(PushPreferences, { additionalProperties: false })),
    theme: Type.Optional(ThemeSchema),
  },
  { additionalProperties: false },
);
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;

/** `oldPassword` may be left out only by an account that has no password yet (social sign-up). */
export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Type.Optional(
      Type.String({ maxLength: 128, errorMessage: errorText.oldPasswordRequired }),
    ),
    newPassword: Password,
  },
  { errorMessage: { required: { newPassword: errorText.passwordInvalid } } },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
